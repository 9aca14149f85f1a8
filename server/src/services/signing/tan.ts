import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { langFromCode } from '@signet/shared/i18n/lang.rules';
import { TAN_POLICY, type TTanChallenge } from '@signet/shared/signing/signing.constants';
import type { TLegislation, TSignatureQuality } from '@signet/shared/user/user.schema';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  signingChallenges,
  type TSigningChallengeRow,
} from '../../db/schema/signing-challenges.ts';
import type { TUserRow } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { evidenceText } from '../../pdf/protocol/evidence-text.ts';

/**
 * The TAN step of the trust service: before it issues a certificate of the signer's own (AES,
 * QES), the person confirms the signature with a one-time code sent to them. Six digits from
 * `crypto.randomInt`, kept only as a keyed hash, valid five minutes, three tries; a challenge
 * serves one signing of exactly the requests it was made for.
 */

/** The key the TAN hashes are made with (derived from SIGNET_SECRET, never stored). */
function tanKey(secret: string): Buffer {
  return createHash('sha256').update(`signet:signing-tan:${secret}`).digest();
}

function hashTan(secret: string, challengeId: string, tan: string): string {
  return createHmac('sha256', tanKey(secret)).update(`${challengeId}:${tan}`).digest('hex');
}

/** a•••@example.com: enough for the person to recognise where the code went. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** The requests a TAN confirms, as one key (sorted ids). */
export const requestsKey = (ids: readonly string[]) => [...new Set(ids)].sort().join(',');

/** What a challenge tells the client (the `details.challenge` of 428 TAN_REQUIRED). */
export function challengeView(row: TSigningChallengeRow): TTanChallenge {
  return {
    id: row.id,
    provider: row.provider,
    channel: row.channel === 'sms' ? 'sms' : 'email',
    sentTo: row.sentTo,
    expiresAt: row.expiresAt.toISOString(),
    quality: row.quality,
    legislation: row.legislation,
  };
}

/**
 * Opens a challenge for `batch` and sends its TAN by e-mail (in the person's language), in one
 * transaction: a challenge exists only with its mail queued.
 */
export async function openChallenge(
  db: Db,
  secret: string,
  user: TUserRow,
  input: {
    provider: string;
    quality: TSignatureQuality;
    legislation: TLegislation;
    requestIds: readonly string[];
    batch: unknown;
  },
): Promise<TSigningChallengeRow> {
  const tan = String(randomInt(0, 10 ** TAN_POLICY.digits)).padStart(TAN_POLICY.digits, '0');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(signingChallenges)
      .values({
        userId: user.id,
        provider: input.provider,
        quality: input.quality,
        legislation: input.legislation,
        channel: 'email',
        sentTo: maskEmail(user.email),
        // Filled in below: the hash names the challenge id.
        tanHash: '',
        batch: input.batch,
        requests: requestsKey(input.requestIds),
        expiresAt: new Date(Date.now() + TAN_POLICY.validMinutes * 60_000),
      })
      .returning();
    if (!row) throw new Error('openChallenge: insert returned no row');
    const tanHash = hashTan(secret, row.id, tan);
    await tx.update(signingChallenges).set({ tanHash }).where(eq(signingChallenges.id, row.id));
    const text = evidenceText(langFromCode(user.lang) ?? undefined);
    await enqueueMail(tx, {
      to: user.email,
      template: 'signing-tan',
      lang: user.lang,
      data: {
        tan,
        quality: text.t(`signature.quality.${input.quality}`),
        count: input.requestIds.length,
        minutes: TAN_POLICY.validMinutes,
      },
    });
    return { ...row, tanHash };
  });
}

/** The person's open challenge for exactly these requests, or by id. */
export async function findChallenge(
  db: Db,
  userId: string,
  by: { requests: string } | { id: string },
): Promise<TSigningChallengeRow | null> {
  const [row] = await db
    .select()
    .from(signingChallenges)
    .where(
      and(
        eq(signingChallenges.userId, userId),
        'id' in by ? eq(signingChallenges.id, by.id) : eq(signingChallenges.requests, by.requests),
        isNull(signingChallenges.usedAt),
      ),
    )
    .orderBy(desc(signingChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Checks a TAN against a challenge and uses the challenge up when it is right (once: a second
 * use of the same code fails). Wrong: 422 TAN_INVALID with the tries left, 423 TAN_LOCKED after
 * the last; 410 TAN_EXPIRED when it is too old or gone.
 */
export async function confirmChallenge(
  db: Db,
  secret: string,
  challenge: TSigningChallengeRow | null,
  tan: string,
): Promise<TSigningChallengeRow> {
  if (!challenge) throw tanExpired();
  if (challenge.lockedAt) throw tanLocked();
  if (challenge.expiresAt.getTime() <= Date.now()) throw tanExpired();
  const given = Buffer.from(hashTan(secret, challenge.id, tan.trim()), 'hex');
  const expected = Buffer.from(challenge.tanHash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    const [row] = await db
      .update(signingChallenges)
      .set({
        attempts: sql`${signingChallenges.attempts} + 1`,
        lockedAt: sql`case when ${signingChallenges.attempts} + 1 >= ${TAN_POLICY.attempts} then now() else null end`,
      })
      .where(eq(signingChallenges.id, challenge.id))
      .returning();
    if (row?.lockedAt) throw tanLocked();
    throw new AppError(
      'TAN_INVALID',
      422,
      'The code is not right. Please check it and try again.',
      {
        attemptsLeft: Math.max(0, TAN_POLICY.attempts - (row?.attempts ?? TAN_POLICY.attempts)),
      },
    );
  }
  const [used] = await db
    .update(signingChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(signingChallenges.id, challenge.id), isNull(signingChallenges.usedAt)))
    .returning();
  if (!used) throw tanExpired();
  return used;
}

const tanExpired = () =>
  new AppError('TAN_EXPIRED', 410, 'The code has expired. Please ask for a new one.');
const tanLocked = () =>
  new AppError(
    'TAN_LOCKED',
    423,
    'The code was entered wrongly too often. Please start the signature again.',
  );
