import { routes } from '@signet/shared';
import { fileResponse } from '../../http/file-response.ts';
import { registerRoute } from '../../http/register.ts';
import type { AppDeps, RouteModule } from '../../http/types.ts';
import { createSandboxMabProvider } from '../../providers/mab/sandbox.ts';
import {
  acceptDirectTerms,
  directSignatureQualities,
  getDirectBusinessPublicInformation,
  getDirectSignatureRequest,
  getDirectUser,
  getDirectVisualSignature,
  updateDirectUser,
} from '../../services/direct-sign/direct-request.ts';
import { signDirect } from '../../services/direct-sign/sign-direct.ts';
import { checkTan, resendTan } from '../../services/direct-sign/tan.ts';
import { downloadDocument } from '../../services/documents/download-document.ts';
import { getPageImage } from '../../services/documents/page-image.ts';
import { createMabPar, mabRedirectSign } from '../../services/mab/mab-signing.ts';
import { declineSignatureRequest } from '../../services/signature-requests/decline-signature-request.ts';
import { getLockStatus } from '../../services/signature-requests/get-request-status.ts';
import { listEvents } from '../../services/signature-requests/list-events.ts';
import { getZip } from '../../services/signing/get-zip.ts';
import { pageImageResponse } from '../documents/index.ts';

/** The MAB provider of an app: the sandbox unless MAB_PROVIDER=none. */
export function mabProviderFor(deps: AppDeps) {
  return deps.config.mabProvider === 'sandbox'
    ? createSandboxMabProvider({
        db: deps.db,
        publicUrl: deps.config.publicUrl,
        secret: deps.config.secret,
      })
    : null;
}

/**
 * Direct signing without an account (spec section 7, role nas): the request, its events, zip,
 * lock status and decline; documents by token; signing after a TAN; the signer's identity,
 * qualities and visual signature; the sender's public information; TAN resend and check; and
 * signing in the mobile app (MAB). Every call is authorised as that one signer slot of that one
 * open request (http/direct-auth.ts); another request's id is 404 (the use cases load requests
 * for the caller). The use cases are the ones accounts use.
 */
export const directSignRoutes: RouteModule = (api, deps) => {
  const mab = mabProviderFor(deps);

  registerRoute(api, deps, routes.getDirectSignatureRequest, ({ ctx, params }) =>
    getDirectSignatureRequest(ctx, params.id),
  );
  registerRoute(api, deps, routes.getDirectSignatureRequestEvents, ({ ctx, params }) =>
    listEvents(ctx, params.id),
  );
  registerRoute(api, deps, routes.getDirectSignatureRequestLockStatus, ({ ctx, params }) =>
    getLockStatus(ctx, params.id),
  );
  registerRoute(api, deps, routes.getDirectSignatureRequestZip, async ({ ctx, params }) => {
    const file = await getZip(ctx, params.id);
    return fileResponse(file.bytes, file.contentType, file.fileName);
  });
  registerRoute(api, deps, routes.declineDirectSignatureRequest, ({ ctx, params, body }) =>
    declineSignatureRequest(ctx, params.id, body.message),
  );
  registerRoute(api, deps, routes.downloadDirectDocument, async ({ ctx, params, query }) => {
    const file = await downloadDocument(ctx, params.id, query.signed);
    return fileResponse(file.bytes, 'application/pdf', file.fileName);
  });
  registerRoute(api, deps, routes.getDirectDocumentPage, async ({ ctx, params, query, c }) =>
    pageImageResponse(c, await getPageImage(ctx, ctx.principal, params.id, params.n, query.scale)),
  );
  registerRoute(api, deps, routes.directSign, ({ ctx, body }) => signDirect(ctx, body));
  registerRoute(api, deps, routes.getDirectUser, ({ ctx }) => getDirectUser(ctx));
  registerRoute(api, deps, routes.updateDirectUser, ({ ctx, body }) => updateDirectUser(ctx, body));
  registerRoute(api, deps, routes.getDirectSignatureQualities, ({ ctx }) =>
    directSignatureQualities(ctx),
  );
  registerRoute(api, deps, routes.getDirectVisualSignature, ({ ctx }) =>
    getDirectVisualSignature(ctx),
  );
  registerRoute(api, deps, routes.getDirectBusinessPublicInformation, ({ ctx, params }) =>
    getDirectBusinessPublicInformation(ctx, params.id),
  );
  registerRoute(api, deps, routes.acceptDirectUser, ({ ctx, body }) =>
    acceptDirectTerms(ctx, body),
  );
  registerRoute(api, deps, routes.resendTan, ({ ctx, body }) => resendTan(ctx, body));
  registerRoute(api, deps, routes.checkTan, ({ ctx, body }) => checkTan(ctx, body.tan));
  registerRoute(api, deps, routes.createMabPar, ({ ctx, params, body }) =>
    createMabPar({ ...ctx, mab }, params, body),
  );
  registerRoute(api, deps, routes.mabRedirectSign, ({ ctx, params, body }) =>
    mabRedirectSign({ ...ctx, mab }, params.id, body.params),
  );
};
