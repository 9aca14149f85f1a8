import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import type { DirectSignerRef } from '../signature-requests/load-for-actor.ts';
import { isDirectUserId, readDocumentToken } from './link.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LINK_ID = /^[A-Za-z0-9_-]{43}$/;

/** The direct signer slots of a request while it is open (or in `status`): nonce and id. */
async function openDirectSlots(db: DbOrTx, requestId: string, status: 'OPEN' | 'EXPIRED' = 'OPEN') {
  return db
    .select({ id: signers.id, directNonce: signers.directNonce })
    .from(signers)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
    .where(
      and(
        eq(signatureRequests.id, requestId),
        eq(signatureRequests.status, status),
        isNull(signatureRequests.deletedAt),
        isNotNull(signers.directNonce),
      ),
    );
}

/**
 * The direct signer whose signing link is `/view/{requestId}/{userId}`, while the request is
 * open and not deleted; null for anything else (a wrong or altered id, another request's link,
 * a removed slot, a finished request). Every slot of the request is compared in constant time.
 */
export async function findDirectSigner(
  db: DbOrTx,
  secret: string,
  requestId: string,
  userId: string,
): Promise<DirectSignerRef | null> {
  if (!UUID.test(requestId) || !LINK_ID.test(userId)) return null;
  let found: DirectSignerRef | null = null;
  for (const slot of await openDirectSlots(db, requestId)) {
    const nonce = slot.directNonce as string;
    if (isDirectUserId(secret, requestId, { id: slot.id, directNonce: nonce }, userId)) {
      found = { kind: 'nas', requestId, signerId: slot.id };
    }
  }
  return found;
}

/**
 * Whether `/view/{requestId}/{userId}` is a genuine signing link of a request that has expired
 * (then its signer learns that, instead of the 404 every other unusable link gets).
 */
export async function isExpiredDirectLink(
  db: DbOrTx,
  secret: string,
  requestId: string,
  userId: string,
): Promise<boolean> {
  if (!UUID.test(requestId) || !LINK_ID.test(userId)) return false;
  let genuine = false;
  for (const slot of await openDirectSlots(db, requestId, 'EXPIRED')) {
    const nonce = slot.directNonce as string;
    if (isDirectUserId(secret, requestId, { id: slot.id, directNonce: nonce }, userId)) {
      genuine = true;
    }
  }
  return genuine;
}

/** The direct signer of a valid document token, while that slot and its request are open. */
export async function directSignerOfToken(
  db: DbOrTx,
  secret: string,
  token: string,
): Promise<DirectSignerRef | null> {
  const read = readDocumentToken(secret, token);
  if (!read || !UUID.test(read.requestId) || !UUID.test(read.signerId)) return null;
  const slots = await openDirectSlots(db, read.requestId);
  return slots.some((s) => s.id === read.signerId)
    ? { kind: 'nas', requestId: read.requestId, signerId: read.signerId }
    : null;
}
