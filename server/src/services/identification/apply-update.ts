import type { TLegislation } from '@signet/shared/user/user.schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identifications } from '../../db/schema/identifications.ts';
import { type TUserIdentity, users } from '../../db/schema/users.ts';
import type { IdentUpdate } from '../../providers/identification/identification-provider.ts';

/** Which states each report may move an identification from (a report never reopens one). */
const FROM: Record<IdentUpdate['status'], readonly ('initialized' | 'inprogress')[]> = {
  inprogress: ['initialized'],
  success: ['initialized', 'inprogress'],
  failure: ['initialized', 'inprogress'],
};

/**
 * Records what an identification provider reported (its webhook): progress, failure, or success
 * — which proves the verified identity and raises the person's qualities (AES; QES under the
 * identification's legislation when the provider is qualified). Idempotent, and a report about
 * an identification that was cancelled or is already over changes nothing. Returns whether it
 * changed anything.
 */
export async function applyIdentUpdate(db: Db, update: IdentUpdate): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(identifications)
      .set({
        status: update.status,
        updatedAt: now,
        ...(update.status === 'success' ? { verified: update.verified, finishedAt: now } : {}),
        ...(update.status === 'failure' ? { failureReason: update.reason, finishedAt: now } : {}),
      })
      .where(
        and(
          eq(identifications.providerRef, update.providerRef),
          inArray(identifications.status, [...FROM[update.status]]),
        ),
      )
      .returning();
    if (!row) return false;
    if (update.status !== 'success') return true;
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
    if (!user) return true;
    const qes = new Set<TLegislation>(user.identity?.qes ?? []);
    if (row.qualified) qes.add(row.legislation);
    const identity: TUserIdentity = {
      verified: update.verified,
      provider: row.provider,
      identifiedAt: now.toISOString(),
      aes: true,
      qes: [...qes].sort(),
    };
    await tx
      .update(users)
      .set({
        identity,
        // The verified names are the account's from now on; they can no longer be edited.
        firstName: update.verified.givenName,
        lastName: update.verified.surname,
        immutableEidFields: sql`${JSON.stringify(['firstName', 'lastName'])}::jsonb`,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    return true;
  });
}
