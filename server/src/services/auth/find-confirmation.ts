import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  emailConfirmations,
  type TEmailConfirmationRow,
} from '../../db/schema/email-confirmations.ts';
import { hashToken } from '../../security/tokens.ts';

/** The unused, unexpired confirmation of a token, or null. */
export async function findLiveConfirmation(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<TEmailConfirmationRow | null> {
  const [row] = await db
    .select()
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.tokenHash, hashToken(token)),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}
