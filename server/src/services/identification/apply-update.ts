import { sameVerifiedPerson } from '@signet/shared/identification/identification.rules';
import { SIGNING_STEP_CODES } from '@signet/shared/signing/signing.constants';
import type { TLegislation } from '@signet/shared/user/user.schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { identifications } from '../../db/schema/identifications.ts';
import { signers } from '../../db/schema/signers.ts';
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
 * identification's legislation when the provider is qualified). The person is an account or a
 * direct signer's slot. A success naming another person than an earlier one proved fails with
 * SERIAL_NUMBER_MISMATCH and changes nothing else (the certificates carry the first identity). Idempotent, and a report about
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
    const owner = row.signerId
      ? await lockSignerIdentity(tx, row.signerId)
      : row.userId
        ? await lockUserIdentity(tx, row.userId)
        : null;
    if (!owner) return true;
    if (owner.identity && !sameVerifiedPerson(owner.identity.verified, update.verified)) {
      // Another person than the one identified before: the identity stays, this one failed.
      await tx
        .update(identifications)
        .set({
          status: 'failure',
          verified: null,
          failureReason: SIGNING_STEP_CODES.serialNumberMismatch,
        })
        .where(eq(identifications.id, row.id));
      return true;
    }
    const qes = new Set<TLegislation>(owner.identity?.qes ?? []);
    if (row.qualified) qes.add(row.legislation);
    const identity: TUserIdentity = {
      verified: update.verified,
      provider: row.provider,
      identifiedAt: now.toISOString(),
      aes: true,
      qes: [...qes].sort(),
    };
    // The verified names are the person's from now on.
    const names = { firstName: update.verified.givenName, lastName: update.verified.surname };
    if (row.signerId) {
      await tx
        .update(signers)
        .set({ identity, ...names })
        .where(eq(signers.id, row.signerId));
      return true;
    }
    await tx
      .update(users)
      .set({
        identity,
        ...names,
        // An account's names can no longer be edited.
        immutableEidFields: sql`${JSON.stringify(['firstName', 'lastName'])}::jsonb`,
        updatedAt: now,
      })
      .where(eq(users.id, row.userId as string));
    return true;
  });
}

async function lockUserIdentity(tx: DbOrTx, userId: string) {
  const [user] = await tx
    .select({ identity: users.identity })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user ?? null;
}

async function lockSignerIdentity(tx: DbOrTx, signerId: string) {
  const [signer] = await tx
    .select({ identity: signers.identity })
    .from(signers)
    .where(eq(signers.id, signerId))
    .for('update');
  return signer ?? null;
}
