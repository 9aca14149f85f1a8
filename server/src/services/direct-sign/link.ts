import { randomBytes } from 'node:crypto';
import { directSigningPath } from '@signet/shared/direct-sign/direct-sign.constants';
import { exitUrlsToQuery, type TExitUrlState } from '@signet/shared/exit-url/exit-url.rules';
import type { Config } from '../../config.ts';
import { keyedMac, sameSecret } from '../../security/derived-keys.ts';

/** A fresh direct nonce for a signer slot (16 random bytes): the secret part of its link. */
export const newDirectNonce = (): string => randomBytes(16).toString('base64url');

/**
 * The signing link's `userid` of a direct signer: HMAC of the request id, the signer id and the
 * slot's nonce under a key derived from SIGNET_SECRET (43 characters). It cannot be worked out
 * from the ids other participants see, and it is valid for that one slot of that one request.
 */
export function directUserId(
  secret: string,
  requestId: string,
  signer: { id: string; directNonce: string },
): string {
  return keyedMac(secret, 'nas-link', `${requestId}:${signer.id}:${signer.directNonce}`);
}

/** Whether `userId` is the link of that slot (compared in constant time). */
export function isDirectUserId(
  secret: string,
  requestId: string,
  signer: { id: string; directNonce: string },
  userId: string,
): boolean {
  return sameSecret(directUserId(secret, requestId, signer), userId);
}

/**
 * The absolute signing URL of a direct signer: `/view/{id}/{userid}` with the signer's language
 * (`lang`) and the request's exit-url query.
 */
export function directSigningUrl(
  config: Pick<Config, 'publicUrl' | 'secret'>,
  requestId: string,
  signer: { id: string; directNonce: string; lang: string | null },
  exitUrls: TExitUrlState | null,
): string {
  const url = new URL(
    directSigningPath(requestId, directUserId(config.secret, requestId, signer)),
    `${config.publicUrl}/`,
  );
  if (signer.lang) url.searchParams.set('lang', signer.lang);
  if (exitUrls) for (const [k, v] of exitUrlsToQuery(exitUrls)) url.searchParams.set(k, v);
  return url.href;
}

/** How long a document token is good for. */
export const DOCUMENT_TOKEN_TTL_MS = 60 * 60_000;

/**
 * A token for `?token=` on the direct document calls (an `<img>` or a download cannot send
 * Basic credentials): the request, the signer and an expiry, signed with a purpose key.
 * `<requestId>.<signerId>.<expiry seconds, base 36>.<mac>`
 */
export function documentToken(
  secret: string,
  requestId: string,
  signerId: string,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now + DOCUMENT_TOKEN_TTL_MS);
  const exp = Math.floor(expiresAt.getTime() / 1000).toString(36);
  const body = `${requestId}.${signerId}.${exp}`;
  return { token: `${body}.${keyedMac(secret, 'nas-document-token', body)}`, expiresAt };
}

/** The request and signer of a valid, unexpired document token; null otherwise. */
export function readDocumentToken(
  secret: string,
  token: string,
  now = Date.now(),
): { requestId: string; signerId: string } | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [requestId, signerId, exp, mac] = parts as [string, string, string, string];
  const body = `${requestId}.${signerId}.${exp}`;
  if (!sameSecret(keyedMac(secret, 'nas-document-token', body), mac)) return null;
  const expiresAt = Number.parseInt(exp, 36) * 1000;
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return { requestId, signerId };
}
