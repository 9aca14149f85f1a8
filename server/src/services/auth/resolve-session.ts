import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { hashToken } from '../../security/tokens.ts';

/** The lookup of every authenticated call, built once per database handle. */
function buildLookup(db: DbOrTx) {
  return db
    .select({ sessionId: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('resolve_session');
}

/**
 * Prepared once per handle: drizzle builds the SQL text once instead of on every call (about
 * half of the lookup's CPU on PGlite, issue 12), and node-postgres keeps a named prepared
 * statement per connection. Each call still reads the row: a revoked session ends at once, in
 * every server process.
 */
const lookups = new WeakMap<DbOrTx, ReturnType<typeof buildLookup>>();

/**
 * The live session of a bearer token: not revoked and not expired. Null for anything else,
 * including tokens that were never issued.
 */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<{ userId: string; sessionId: string } | null> {
  if (token.length < 20 || token.length > 200) return null;
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = buildLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash: hashToken(token), now });
  return row ?? null;
}
