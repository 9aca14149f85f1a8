import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { clientIp } from '../security/client-ip.ts';
import { resolveSession } from '../services/auth/resolve-session.ts';
import type { RequestMeta } from '../services/context.ts';
import type { AppEnv, Authenticate } from './types.ts';

const BEARER = /^Bearer[ ]+([A-Za-z0-9_-]{20,200})[ ]*$/i;

/**
 * Resolves `Authorization: Bearer <token>` into the principal `{ kind: 'user', userId,
 * sessionId }` (cached on the context as `principal` by the route layer). No header → anonymous
 * (null). A bearer token that is unknown, revoked or expired → 401 UNAUTHENTICATED, so the
 * client signs out (spec section 8). Other schemes (Basic for direct signers and API users) are
 * left to their own hooks: this one answers null for them.
 */
export const bearerAuthenticate: Authenticate = async (c) => {
  const header = c.req.header('authorization');
  if (!header || !/^bearer\b/i.test(header)) return null;
  const m = BEARER.exec(header);
  const session = m?.[1] ? await resolveSession(c.get('deps').db, m[1]) : null;
  if (!session) {
    throw new AppError(
      'UNAUTHENTICATED',
      401,
      'Your session has ended; please sign in',
      undefined,
      {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      },
    );
  }
  return { kind: 'user', userId: session.userId, sessionId: session.sessionId };
};

/**
 * IP and user agent of the request. The IP is the socket's peer, or behind trusted proxies
 * (TRUST_PROXY) the right-most X-Forwarded-For address they do not vouch for (client-ip.ts).
 */
export function requestMeta(c: Context<AppEnv>): RequestMeta {
  const { config } = c.get('deps');
  return {
    ip: clientIp(c, config.trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  };
}
