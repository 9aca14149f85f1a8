import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { providerChanges } from '../../db/schema/provider-changes.ts';
import { AppError } from '../../errors.ts';
import { changeBusiness, type TBusinessChange } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';

/** The fields of a change asked of the provider: the same fields are the same change. */
type TChangeFields = Record<string, string | number | null>;

/** Canonical JSON of `fields` (keys sorted), the change's fingerprint. */
const fingerprintOf = (fields: TChangeFields) =>
  JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * Runs a change of a business's subscription that calls the payment provider, so that it can be
 * asked for again safely: first the change is written and committed (`provider_changes`; the same
 * change left by an earlier attempt is found again), then `change` runs in its own transaction
 * with that row's id — the provider call's idempotency key — and the business's pending changes
 * are cleared with its commit. When the provider takes the change and the commit fails, the row
 * stays, and asking for the same change again reuses the key: the provider makes it once (and its
 * webhook carries the state it holds). A change refused with a 4xx (Signet's own checks; the
 * provider changed nothing) forgets its row.
 */
export async function withProviderChange<T>(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  area: string,
  kind: 'plan' | 'seats',
  fields: TChangeFields,
  change: (c: TBusinessChange, changeId: string) => Promise<T>,
): Promise<T> {
  const fingerprint = fingerprintOf(fields);
  const changeId = await changeBusiness(
    ctx,
    businessId,
    'admin',
    async ({ tx, business }) => {
      const [row] = await tx
        .insert(providerChanges)
        .values({ businessId: business.id, kind, fingerprint })
        .onConflictDoUpdate({
          target: [providerChanges.businessId, providerChanges.kind, providerChanges.fingerprint],
          set: { fingerprint },
        })
        .returning({ id: providerChanges.id });
      if (!row) throw new Error('pending change not written');
      return row.id;
    },
    area,
  );
  try {
    return await changeBusiness(
      ctx,
      businessId,
      'admin',
      async (c) => {
        const result = await change(c, changeId);
        await clearProviderChanges(c.tx, c.business.id);
        return result;
      },
      area,
    );
  } catch (e) {
    if (e instanceof AppError && e.status < 500) {
      await ctx.db.delete(providerChanges).where(eq(providerChanges.id, changeId));
    }
    throw e;
  }
}

/** Forgets the business's pending provider changes (a change of its subscription committed). */
export async function clearProviderChanges(tx: DbOrTx, businessId: string): Promise<void> {
  await tx.delete(providerChanges).where(eq(providerChanges.businessId, businessId));
}
