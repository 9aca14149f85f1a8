import { DIRECT_TOKEN_QUERY } from '@signet/shared/direct-sign/direct-sign.constants';
import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { enforceFailureLimit, recordFailure } from '../security/failure-limit.ts';
import {
  directSignerOfToken,
  findDirectSigner,
  isExpiredDirectLink,
} from '../services/direct-sign/find-direct-signer.ts';
import { requestNotFound } from '../services/signature-requests/load-for-actor.ts';
import { requestMeta } from './auth.ts';
import type { AppDeps, AppEnv, NasPrincipal } from './types.ts';

const BASIC = /^Basic[ ]+([A-Za-z0-9+/=]{1,400})[ ]*$/i;

/** Failed direct-signer logins per client IP before 429 (they answer 404 until then). */
export const DIRECT_AUTH_FAILURES = { max: 20, windowMs: 15 * 60_000 } as const;

/** The user and password of `Authorization: Basic …`, or null. */
export function basicCredentials(
  header: string | undefined,
): { user: string; pass: string } | null {
  const m = header ? BASIC.exec(header) : null;
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), pass: decoded.slice(colon + 1) };
}

/**
 * Resolves a direct signer (role nas) from `Authorization: Basic <request id>:<link userid>`,
 * or on reads from `?token=` (document token). Valid only for that slot while its request is
 * open. The genuine link of a request that expired answers 410 REQUEST_EXPIRED (its signer is
 * told why). Anything else answers exactly like an unknown request (404 NOT_FOUND), and counts
 * as a failure of the client IP; too many failures answer 429 RATE_LIMITED before anything is
 * checked (only failures count, so a signer reloading the page is never limited).
 */
export async function authenticateDirect(
  c: Context<AppEnv>,
  deps: AppDeps,
  options: { token: boolean },
): Promise<NasPrincipal> {
  const { db, config } = deps;
  const { ip } = requestMeta(c);
  const subject = { action: 'nas-auth', ip };
  await enforceFailureLimit(db, subject, DIRECT_AUTH_FAILURES);
  const basic = basicCredentials(c.req.header('authorization'));
  let found: NasPrincipal | null = null;
  if (basic) {
    found = await findDirectSigner(db, config.secret, basic.user, basic.pass);
  } else if (options.token) {
    const token = c.req.query(DIRECT_TOKEN_QUERY);
    if (token) found = await directSignerOfToken(db, config.secret, token);
  }
  if (found) {
    c.set('principal', found);
    return found;
  }
  if (basic && (await isExpiredDirectLink(db, config.secret, basic.user, basic.pass))) {
    throw new AppError('REQUEST_EXPIRED', 410, 'This signature request has expired');
  }
  await recordFailure(db, subject, DIRECT_AUTH_FAILURES);
  throw requestNotFound();
}
