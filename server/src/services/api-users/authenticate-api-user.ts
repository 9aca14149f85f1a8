import { API_USER_RATE_LIMIT } from '@signet/shared/api-user/api-user.constants';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiUsers } from '../../db/schema/api-users.ts';
import { AppError } from '../../errors.ts';
import { hitRateLimit } from '../../security/rate-limit.ts';
import type { UserPrincipal } from '../context.ts';
import { hashApiKey } from './api-keys.ts';

/** The 401 of API credentials that are wrong, reset or deleted (the same for all three). */
export const apiCredentialsRefused = (): AppError =>
  new AppError('UNAUTHENTICATED', 401, 'Unknown API user or wrong API key', undefined, {
    'WWW-Authenticate': 'Basic realm="Signet API", charset="UTF-8"',
  });

/**
 * The principal of an API user's Basic credentials: the account it acts through, marked `api`
 * with its business. Notes the time of use in the same statement. Wrong, reset or deleted
 * credentials → 401 at once; more than {@link API_USER_RATE_LIMIT} calls a minute → 429.
 */
export async function authenticateApiUser(
  db: Db,
  username: string,
  key: string,
): Promise<UserPrincipal> {
  const [row] = await db
    .update(apiUsers)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiUsers.username, username), eq(apiUsers.keyHash, hashApiKey(key))))
    .returning({ id: apiUsers.id, userId: apiUsers.userId, businessId: apiUsers.businessId });
  if (!row) throw apiCredentialsRefused();
  const limit = await hitRateLimit(db, `api-user:${row.id}`, API_USER_RATE_LIMIT);
  if (!limit.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      429,
      'Too many calls for this API user; try again later',
      { retryAfter: limit.retryAfterSeconds },
      { 'Retry-After': String(limit.retryAfterSeconds) },
    );
  }
  return {
    kind: 'api',
    userId: row.userId,
    apiUser: { id: row.id, businessId: row.businessId, username },
  };
}
