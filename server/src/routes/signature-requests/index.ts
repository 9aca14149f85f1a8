import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { addRequestDocument } from '../../services/signature-requests/add-document.ts';
import { addObserver } from '../../services/signature-requests/add-observer.ts';
import { addSigner } from '../../services/signature-requests/add-signer.ts';
import { autocompleteEmails } from '../../services/signature-requests/autocomplete-emails.ts';
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

/**
 * Signature requests (spec section 7): list, create, read, update, delete, status, events,
 * lock-status, documents, signers, observers, initiate, decline, withdraw, remind, delegate,
 * sendto and the e-mail autocomplete. Handlers only parse (done by registerRoute) and call the
 * use case; authorisation (404 for strangers) and the state rules live in the services.
 * zip, report and attachments are registered by the signing module.
 */
export const signatureRequestRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.listSignatureRequests, ({ ctx, query }) =>
    listSignatureRequests(ctx, query),
  );
  registerRoute(api, deps, routes.createSignatureRequest, ({ ctx, body }) =>
    createSignatureRequest(ctx, body),
  );
  registerRoute(api, deps, routes.getSignatureRequest, ({ ctx, params }) =>
    getSignatureRequest(ctx, params.id),
  );
  registerRoute(api, deps, routes.updateSignatureRequest, ({ ctx, params, body }) =>
    updateSignatureRequest(ctx, params.id, body),
  );
  registerRoute(api, deps, routes.deleteSignatureRequest, ({ ctx, params }) =>
    deleteSignatureRequest(ctx, params.id),
  );
  registerRoute(api, deps, routes.getSignatureRequestStatus, ({ ctx, params }) =>
    getRequestStatus(ctx, params.id),
  );
  registerRoute(api, deps, routes.getSignatureRequestEvents, ({ ctx, params }) =>
    listEvents(ctx, params.id),
  );
  registerRoute(api, deps, routes.getSignatureRequestLockStatus, ({ ctx, params }) =>
    getLockStatus(ctx, params.id),
  );
  registerRoute(api, deps, routes.addSignatureRequestDocument, ({ ctx, params, body }) =>
    addRequestDocument(ctx, params.id, body),
  );
  registerRoute(api, deps, routes.removeSignatureRequestDocument, ({ ctx, params }) =>
    removeRequestDocument(ctx, params.id, params.docId),
  );
  registerRoute(api, deps, routes.initiateSignatureRequest, ({ ctx, params }) =>
    initiateSignatureRequest(ctx, params.id),
  );
  registerRoute(api, deps, routes.addSignatureRequestSigner, ({ ctx, params, body }) =>
    addSigner(ctx, params.id, body),
  );
  registerRoute(api, deps, routes.removeSignatureRequestSigner, ({ ctx, params }) =>
    removeSigner(ctx, params.id, params.sig),
  );
  registerRoute(api, deps, routes.addSignatureRequestObserver, ({ ctx, params, body }) =>
    addObserver(ctx, params.id, body.email),
  );
  registerRoute(api, deps, routes.removeSignatureRequestObserver, ({ ctx, params }) =>
    removeObserver(ctx, params.id, params.o),
  );
  registerRoute(api, deps, routes.declineSignatureRequest, ({ ctx, params, body }) =>
    declineSignatureRequest(ctx, params.id, body.message),
  );
  registerRoute(api, deps, routes.withdrawSignatureRequest, ({ ctx, params, body }) =>
    withdrawSignatureRequest(ctx, params.id, body.message),
  );
  registerRoute(api, deps, routes.remindSignatureRequest, ({ ctx, params }) =>
    remindSigners(ctx, params.id),
  );
  registerRoute(api, deps, routes.delegateSignatureRequest, ({ ctx, params, body }) =>
    delegateSignature(ctx, params.id, body),
  );
  registerRoute(api, deps, routes.getSendto, ({ ctx, params }) => getSendto(ctx, params.id));
  registerRoute(api, deps, routes.claimSendto, ({ ctx, params }) => claimSendto(ctx, params.id));
  registerRoute(api, deps, routes.emailAutocomplete, ({ ctx, query }) =>
    autocompleteEmails(ctx, query.input),
  );
};
