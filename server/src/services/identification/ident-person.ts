import type { TLegislation } from '@signet/shared/user/user.schema';
import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { identifications } from '../../db/schema/identifications.ts';
import type { TUserIdentity } from '../../db/schema/users.ts';
import {
  type ActorRef,
  type DirectSignerRef,
  isDirectSigner,
  loadRequestForActor,
  type ParticipantRef,
} from '../signature-requests/load-for-actor.ts';
import { requireUser } from '../users/find-user.ts';

/**
 * The person an identification is for: an account, or a direct signer (role nas) for their own
 * signer slot. The identification use cases are written once against this; only here do the
 * two principals differ.
 */
export type IdentPerson = {
  /** The identifications row's owner columns, to insert. */
  owner: { userId: string; signerId: null } | { userId: null; signerId: string };
  /** The condition that selects this person's identifications. */
  owns: SQL;
  email: string;
  lang: string;
  acceptedTou: readonly string[];
  /** The legislation an identification is for when none is asked. */
  legislation: TLegislation | null;
  /** A confirmed mobile number (mobile signing checks it later). */
  mobile: string | null;
  /** What an earlier identification proved (the serial number the certificates carry). */
  identity: TUserIdentity | null;
  /** A direct signer identifies for their link's request only. */
  requestId: string | null;
};

/** The identifications of a person: an account's, or a direct signer slot's. */
export const ownedBy = (principal: ParticipantRef): SQL =>
  isDirectSigner(principal)
    ? eq(identifications.signerId, principal.signerId)
    : eq(identifications.userId, principal.userId);

/**
 * Who identifies. A direct signer's link is checked again here (their request, open, their slot:
 * 404 otherwise, like every direct call).
 */
export async function identPerson(db: DbOrTx, principal: ParticipantRef): Promise<IdentPerson> {
  if (isDirectSigner(principal)) return directPerson(db, principal);
  return accountPerson(db, principal);
}

async function accountPerson(db: DbOrTx, principal: ActorRef): Promise<IdentPerson> {
  const user = await requireUser(db, principal.userId);
  return {
    owner: { userId: user.id, signerId: null },
    owns: ownedBy(principal),
    email: user.email,
    lang: user.lang,
    acceptedTou: user.acceptedTou,
    legislation: user.defaultLegislation,
    mobile: user.mobileVerifiedAt ? user.mobile : null,
    identity: user.identity,
    requestId: null,
  };
}

async function directPerson(db: DbOrTx, principal: DirectSignerRef): Promise<IdentPerson> {
  const loaded = await loadRequestForActor(db, principal.requestId, principal);
  const me = loaded.mySigner;
  if (!me) throw new Error('a direct signer without a slot');
  return {
    owner: { userId: null, signerId: me.id },
    owns: ownedBy(principal),
    email: me.email,
    lang: loaded.actor.lang,
    acceptedTou: me.acceptedTou,
    // What the request asks of the slot.
    legislation: me.legislation,
    // The sender's number is not confirmed by the signer.
    mobile: null,
    identity: me.identity,
    requestId: loaded.request.id,
  };
}
