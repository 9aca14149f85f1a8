/**
 * The calls of a direct signer (role nas), through the site's one API client: once the page
 * knows its signing link, every call carries the Basic credentials made from it (spec section
 * 6). A direct signer is never "logged out": a link that stopped working answers 404, which the
 * pages turn into /not-available.
 */
import { configureApi } from '@signet/shared/api/browser';
import { routeUrl } from '@signet/shared/api/route';
import { directCredentials } from '@signet/shared/direct-sign/direct-sign.constants';
import type { TPageImageScale } from '@signet/shared/document/document.constants';
import type { TLangCode } from '@signet/shared/i18n/lang.constants';
import type {
  TAcceptTou,
  TIdentPath,
  TStartIdentification,
} from '@signet/shared/identification/identification.schema';
import { api, call } from '../../lib/api.ts';
import { directAction } from '../../stores/direct-sign.ts';

/** From now on the calls of this page are the link's signer's. */
export function signInWithLink(link: { requestId: string; userId: string }): void {
  const { username, password } = directCredentials(link.requestId, link.userId);
  configureApi({ auth: () => ({ type: 'basic', username, password }) });
}

export type TDirectApi = ReturnType<typeof directApi>;

/** The direct signer's calls on their request `id` (call {@link signInWithLink} first). */
export function directApi(id: string) {
  return {
    getRequest: () => call(api.getDirectSignatureRequest, { params: { id } }),
    decline: (message: string) =>
      directAction(() =>
        call(api.declineDirectSignatureRequest, { params: { id }, body: { message } }),
      ),
    resendTan: (body: { url?: string; channel?: 'mail' | 'sms'; companyBranding?: boolean }) =>
      call(api.resendTan, { body }),
    checkTan: (tan: string) => call(api.checkTan, { body: { tan } }),
    /** Signing and declining are the signer's own actions: the status poll stays out of them. */
    sign: (body: { signingName: string; signingReason?: string; language: TLangCode }) =>
      directAction(() => call(api.directSign, { body: { signatureRequestId: id, ...body } })),
    getUser: () => call(api.getDirectUser),
    /** The identification calls of the link's signer (for their own slot). */
    acceptTerms: (body: TAcceptTou) => call(api.acceptDirectUser, { body }),
    getIdentification: (params: TIdentPath) => call(api.getDirectIdentification, { params }),
    startIdentification: (params: TIdentPath, body: TStartIdentification) =>
      call(api.startDirectIdentification, { params, body }),
    updateLanguage: (lang: TLangCode) =>
      call(api.updateDirectUser, { body: { attributes: { lang } } }),
    businessInformation: (businessId: string) =>
      call(api.getDirectBusinessPublicInformation, { params: { id: businessId } }),
    startMobileApp: (sid: string, language: TLangCode, redirectQueryParams: string) =>
      call(api.createMabPar, {
        params: { id, sig: sid },
        body: { language, redirect_query_params: redirectQueryParams },
      }),
    /** URL of a page image at `scale`, authorised by the request's document token. */
    pageUrl: (documentId: string, token: string, page: number, scale: TPageImageScale): string =>
      routeUrl(api.getDirectDocumentPage, {
        params: { id: documentId, n: page },
        query: { token, scale },
      }),
    /** URL of a document's download, authorised by the request's document token. */
    downloadUrl: (documentId: string, token: string): string =>
      routeUrl(api.downloadDirectDocument, { params: { id: documentId }, query: { token } }),
  };
}

/** `POST /v3/mab/redirect-sign/{state}`: finishes signing in the mobile app (no credentials). */
export function finishMobileApp(state: string, params: Record<string, string>) {
  return call(api.mabRedirectSign, { params: { id: state }, body: { params } });
}
