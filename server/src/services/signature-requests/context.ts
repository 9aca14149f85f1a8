import type { TRequestAction } from '@signet/shared/signature-request/signature-request.constants';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import type { DbOrTx } from '../../db/client.ts';
import type { EventActor } from '../../evidence/record-event.ts';
import type { Principal, ServiceContext, UserPrincipal } from '../context.ts';
import { assertAction, type LoadedRequest, loadRequestForActor } from './load-for-actor.ts';
import type { MailRequest } from './mail.ts';
import { toRequestDto } from './request-dto.ts';

/**
 * What a request use case takes from the service context. The caller is an account; use cases
 * a direct signer runs too take `RequestContext<Principal>`.
 */
export type RequestContext<P extends Principal = UserPrincipal> = Pick<
  ServiceContext<P>,
  'db' | 'blobs' | 'pdf' | 'config' | 'principal' | 'meta'
>;

/** What loading and answering a request needs: the database, the caller, the link settings. */
type ActContext = Pick<ServiceContext<Principal>, 'db' | 'principal' | 'config'>;

/**
 * Every use case that acts on one request: in one transaction, the request loaded for the
 * caller with its row locked (strangers and deleted requests get 404), the shared rules asked
 * whether `action` is allowed now (403 or 409 with the rule's code otherwise, nothing written),
 * then `work`.
 */
export function actOnRequest<T>(
  ctx: ActContext,
  id: string,
  action: TRequestAction,
  work: (tx: DbOrTx, loaded: LoadedRequest) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const loaded = await loadRequestForActor(tx, id, ctx.principal, { forUpdate: true });
    assertAction(loaded, action);
    return work(tx, loaded);
  });
}

/**
 * {@link actOnRequest} for a change whose answer is the request as it now stands for the
 * caller, read again in the same transaction (unless `change` answers itself).
 */
export function changeRequest(
  ctx: ActContext,
  id: string,
  action: TRequestAction,
  change: (tx: DbOrTx, loaded: LoadedRequest) => Promise<TSignatureRequest | undefined>,
): Promise<TSignatureRequest> {
  return actOnRequest(ctx, id, action, async (tx, loaded) => {
    const answer = await change(tx, loaded);
    return answer ?? toRequestDto(await loadRequestForActor(tx, id, ctx.principal), ctx.config);
  });
}

/** The evidence actor of a loaded request's caller. */
export const eventActor = (loaded: LoadedRequest): EventActor => ({
  id: loaded.actor.userId,
  email: loaded.actor.email,
});

/** The mail facts of a loaded request. */
export const mailRequest = (loaded: LoadedRequest): MailRequest => ({
  id: loaded.request.id,
  title: loaded.request.title,
  message: loaded.request.message,
  owner: loaded.owner,
});

/** Every participant address of a request (signers and observers; the owner is added by the mailer). */
export const participantEmails = (
  loaded: Pick<LoadedRequest, 'signers' | 'observers'>,
): string[] => [...loaded.signers.map((s) => s.email), ...loaded.observers.map((o) => o.email)];
