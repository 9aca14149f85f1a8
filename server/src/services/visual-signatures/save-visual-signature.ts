import { MAX_VISUAL_SIGNATURES } from '@signet/shared/visual-signature/visual-signature.constants';
import { applyVisualPermissions } from '@signet/shared/visual-signature/visual-signature.rules';
import type {
  TVisualSignature,
  ZVisualSignatureInputSchema,
} from '@signet/shared/visual-signature/visual-signature.schema';
import { and, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { visualSignatures } from '../../db/schema/visual-signatures.ts';
import { AppError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';
import { toUserDto } from '../users/user-dto.ts';
import { ownVisualSignature } from './find-visual-signature.ts';
import { toVisualSignatureDto } from './visual-signature-dto.ts';

type Input = z.output<typeof ZVisualSignatureInputSchema>;
type Ctx = Pick<ServiceContext, 'db' | 'principal'>;

/** The columns of an input (as saved, and as the unsaved preview draws it). */
export function inputColumns(input: Input) {
  return {
    alias: input.alias,
    name: input.name,
    company: input.optionalLine ?? null,
    language: input.language,
    location: input.location ?? null,
    quality: input.quality ?? null,
    legislation: input.legislation ?? null,
    provider: input.provider ?? null,
    displayDate: input.displayDate,
    displayClaim: input.displayClaim,
    displayStandards: input.displayStandards,
    displayQr: input.displayQr,
  };
}

/** The columns of an input, with the display flags a business may lock held at their default. */
async function columns(tx: Tx, userId: string, input: Input) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  const all = inputColumns(input);
  return {
    ...all,
    ...applyVisualPermissions(
      {
        displayClaim: all.displayClaim,
        displayDate: all.displayDate,
        displayStandards: all.displayStandards,
      },
      user ? toUserDto(user).visualSignaturePermissions : undefined,
    ),
  };
}

/** Makes {id} the owner's only default. */
async function makeDefault(tx: Tx, userId: string, id: string): Promise<void> {
  await tx
    .update(visualSignatures)
    .set({ isDefault: false })
    .where(and(eq(visualSignatures.userId, userId), ne(visualSignatures.id, id)));
  await tx.update(visualSignatures).set({ isDefault: true }).where(eq(visualSignatures.id, id));
}

/** `POST /v1/user/visual-signatures`: the first one is the default; at most 20. */
export async function createVisualSignature(ctx: Ctx, input: Input): Promise<TVisualSignature> {
  const userId = ctx.principal.userId;
  return ctx.db.transaction(async (tx) => {
    // One writer per person at a time: the count and the default stay right.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [n] = await tx
      .select({ n: count() })
      .from(visualSignatures)
      .where(eq(visualSignatures.userId, userId));
    const existing = n?.n ?? 0;
    if (existing >= MAX_VISUAL_SIGNATURES) {
      throw new AppError(
        'TOO_MANY_VISUAL_SIGNATURES',
        409,
        `You can keep at most ${MAX_VISUAL_SIGNATURES} visual signatures.`,
      );
    }
    const [row] = await tx
      .insert(visualSignatures)
      .values({ userId, ...(await columns(tx, userId, input)) })
      .returning();
    if (!row) throw new Error('createVisualSignature: insert returned no row');
    if (existing === 0 || input.default) await makeDefault(tx, userId, row.id);
    return toVisualSignatureDto(await ownVisualSignature(tx, userId, row.id));
  });
}

/** `PUT /v1/user/visual-signatures/{id}` */
export async function updateVisualSignature(
  ctx: Ctx,
  id: string,
  input: Input,
): Promise<TVisualSignature> {
  const userId = ctx.principal.userId;
  return ctx.db.transaction(async (tx) => {
    await ownVisualSignature(tx, userId, id, { forUpdate: true });
    await tx
      .update(visualSignatures)
      .set({ ...(await columns(tx, userId, input)), updatedAt: new Date() })
      .where(eq(visualSignatures.id, id));
    if (input.default) await makeDefault(tx, userId, id);
    return toVisualSignatureDto(await ownVisualSignature(tx, userId, id));
  });
}
