import { routes } from '@signet/shared';
import type { Context } from 'hono';
import { requestMeta } from '../../http/auth.ts';
import { registerRoute } from '../../http/register.ts';
import type { AppDeps, AppEnv, Principal, RouteModule } from '../../http/types.ts';
import { addRequestDocument } from '../../services/signature-requests/add-document.ts';
import { addObserver } from '../../services/signature-requests/add-observer.ts';
import { addSigner } from '../../services/signature-requests/add-signer.ts';
import { autocompleteEmails } from '../../services/signature-requests/autocomplete-emails.ts';
import type { RequestContext } from '../../services/signature-requests/context.ts';
import { createSignatureRequest } from '../../services/signature-requests/create-signature-request.ts';
import { declineSignatureRequest } from '../../services/signature-requests/decline-signature-request.ts';
import { delegateSignature } from '../../services/signature-requests/delegate-signature.ts';
import { deleteSignatureRequest } from '../../services/signature-requests/delete-signature-request.ts';
import {
  getLockStatus,
  getRequestStatus,
} from '../../services/signature-requests/get-request-status.ts';
import { getSignatureRequest } from '../../services/signature-requests/get-signature-request.ts';
import { initiateSignatureRequest } from '../../services/signature-requests/initiate-signature-request.ts';
import { listEvents } from '../../services/signature-requests/list-events.ts';
import { listSignatureRequests } from '../../services/signature-requests/list-signature-requests.ts';
import { remindSigners } from '../../services/signature-requests/remind-signers.ts';
import { removeRequestDocument } from '../../services/signature-requests/remove-document.ts';
import { removeObserver } from '../../services/signature-requests/remove-observer.ts';
import { removeSigner } from '../../services/signature-requests/remove-signer.ts';
import { claimSendto, getSendto } from '../../services/signature-requests/sendto.ts';
import { updateSignatureRequest } from '../../services/signature-requests/update-signature-request.ts';
import { withdrawSignatureRequest } from '../../services/signature-requests/withdraw-signature-request.ts';

/** The use-case context of one call: database, public URL, caller, IP and user agent. */
export function requestContext(
  deps: AppDeps,
  principal: Principal,
  c: Context<AppEnv>,
): RequestContext {
  return { db: deps.db, config: deps.config, blobs: deps.blobs, principal, meta: requestMeta(c) };
}

/**
 * Signature requests (spec section 7): list, create, read, update, delete, status, events,
 * lock-status, documents, signers, observers, initiate, decline, withdraw, remind, delegate,
 * sendto and the e-mail autocomplete. Handlers only parse (done by registerRoute) and call the
 * use case; authorisation (404 for strangers) and the state rules live in the services.
 * zip, report and attachments are registered by the documents module.
 */
export const signatureRequestRoutes: RouteModule = (api, deps) => {
  const ctx = (principal: Principal, c: Context<AppEnv>) => requestContext(deps, principal, c);

  registerRoute(api, deps, routes.listSignatureRequests, ({ principal, query }) =>
    listSignatureRequests(deps.db, principal, query),
  );
  registerRoute(api, deps, routes.createSignatureRequest, ({ principal, body, c }) =>
    createSignatureRequest(ctx(principal, c), body),
  );
  registerRoute(api, deps, routes.getSignatureRequest, ({ principal, params, c }) =>
    getSignatureRequest(ctx(principal, c), params.id),
  );
  registerRoute(api, deps, routes.updateSignatureRequest, ({ principal, params, body, c }) =>
    updateSignatureRequest(ctx(principal, c), params.id, body),
  );
  registerRoute(api, deps, routes.deleteSignatureRequest, ({ principal, params, c }) =>
    deleteSignatureRequest(ctx(principal, c), params.id),
  );
  registerRoute(api, deps, routes.getSignatureRequestStatus, ({ principal, params }) =>
    getRequestStatus({ db: deps.db, principal }, params.id),
  );
  registerRoute(api, deps, routes.getSignatureRequestEvents, ({ principal, params }) =>
    listEvents({ db: deps.db, principal }, params.id),
  );
  registerRoute(api, deps, routes.getSignatureRequestLockStatus, ({ principal, params }) =>
    getLockStatus({ db: deps.db, principal }, params.id),
  );
  registerRoute(api, deps, routes.addSignatureRequestDocument, ({ principal, params, body, c }) =>
    addRequestDocument(ctx(principal, c), params.id, body),
  );
  registerRoute(api, deps, routes.removeSignatureRequestDocument, ({ principal, params, c }) =>
    removeRequestDocument(ctx(principal, c), params.id, params.docId),
  );
  registerRoute(api, deps, routes.initiateSignatureRequest, ({ principal, params, c }) =>
    initiateSignatureRequest(ctx(principal, c), params.id),
  );
  registerRoute(api, deps, routes.addSignatureRequestSigner, ({ principal, params, body, c }) =>
    addSigner(ctx(principal, c), params.id, body),
  );
  registerRoute(api, deps, routes.removeSignatureRequestSigner, ({ principal, params, c }) =>
    removeSigner(ctx(principal, c), params.id, params.sig),
  );
  registerRoute(api, deps, routes.addSignatureRequestObserver, ({ principal, params, body, c }) =>
    addObserver(ctx(principal, c), params.id, body.email),
  );
  registerRoute(api, deps, routes.removeSignatureRequestObserver, ({ principal, params, c }) =>
    removeObserver(ctx(principal, c), params.id, params.o),
  );
  registerRoute(api, deps, routes.declineSignatureRequest, ({ principal, params, body, c }) =>
    declineSignatureRequest(ctx(principal, c), params.id, body.message),
  );
  registerRoute(api, deps, routes.withdrawSignatureRequest, ({ principal, params, body, c }) =>
    withdrawSignatureRequest(ctx(principal, c), params.id, body.message),
  );
  registerRoute(api, deps, routes.remindSignatureRequest, ({ principal, params, c }) =>
    remindSigners(ctx(principal, c), params.id),
  );
  registerRoute(api, deps, routes.delegateSignatureRequest, ({ principal, params, body, c }) =>
    delegateSignature(ctx(principal, c), params.id, body),
  );
  registerRoute(api, deps, routes.getSendto, ({ principal, params }) =>
    getSendto({ db: deps.db, principal }, params.id),
  );
  registerRoute(api, deps, routes.claimSendto, ({ principal, params, c }) =>
    claimSendto(ctx(principal, c), params.id),
  );
  registerRoute(api, deps, routes.emailAutocomplete, ({ principal, query }) =>
    autocompleteEmails(deps.db, principal, query.input),
  );
};
