import type { TBusiness, TUpdateBusiness } from '@signet/shared/business/business.schema';
import { eq } from 'drizzle-orm';
import { businesses } from '../../db/schema/businesses.ts';
import type { ServiceContext } from '../context.ts';
import { businessSettings, toBusinessDto } from './business-dto.ts';
import { loadMembership } from './membership.ts';

/**
 * `PUT /v1/businesses/{id}` (admin): name, e-mail, phone and the support contact (spec section
 * 7). Fields left out stay as they are; an empty phone or support value clears it. The values
 * arrive checked by the shared schema (support e-mail and phone must pass the spec's rules).
 */
export async function updateBusiness(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  id: string,
  input: TUpdateBusiness,
): Promise<TBusiness> {
  return ctx.db.transaction(async (tx) => {
    const { business } = await loadMembership(tx, id, ctx.principal.userId, {
      role: 'admin',
      forUpdate: true,
    });
    const set: Partial<typeof businesses.$inferInsert> = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.email !== undefined) set.email = input.email;
    if (input.phone !== undefined) set.phone = input.phone || null;
    if (input.supportContact) {
      const current = businessSettings(business).supportContact;
      set.settings = {
        ...business.settings,
        supportContact: {
          email: input.supportContact.email ?? current.email,
          phone: input.supportContact.phone ?? current.phone,
        },
      };
    }
    if (Object.keys(set).length === 0) return toBusinessDto(tx, business, ctx.principal.userId);
    const [row] = await tx.update(businesses).set(set).where(eq(businesses.id, id)).returning();
    return toBusinessDto(tx, row ?? business, ctx.principal.userId);
  });
}
