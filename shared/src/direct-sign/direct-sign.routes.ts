import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZBusinessPublicInformationSchema } from '../business/business.schema.ts';
import {
  ZBinarySchema,
  ZDocumentIdParamsSchema,
  ZDocumentPageParamsSchema,
  ZDocumentPageQuerySchema,
  ZDownloadQuerySchema,
} from '../document/document.schema.ts';
import {
  ZDeclineSchema,
  ZEventListSchema,
  ZLockStatusSchema,
  ZRequestIdParamsSchema,
  ZSignatureRequestSchema,
} from '../signature-request/signature-request.schema.ts';
import {
  ZDirectBusinessParamsSchema,
  ZDirectSignatureQualitiesSchema,
  ZDirectSignatureRequestSchema,
  ZDirectSignResultSchema,
  ZDirectSignSchema,
  ZDirectTokenQuerySchema,
  ZDirectUserSchema,
  ZDirectVisualSignatureSchema,
  ZMabCreateParSchema,
  ZMabParParamsSchema,
  ZMabParSchema,
  ZMabRedirectParamsSchema,
  ZMabRedirectSignSchema,
  ZMabSigningResultSchema,
  ZTanCheckResultSchema,
  ZTanCheckSchema,
  ZTanResendSchema,
  ZTanSentSchema,
  ZUpdateDirectUserSchema,
} from './direct-sign.schema.ts';

const tags = ['direct-sign'] as const;
const NAS =
  'A direct signer (Basic credentials made from the signing link). Wrong credentials, another signer’s link or a request that is no longer open: 404 NOT_FOUND; repeated wrong credentials: 429 RATE_LIMITED.';

/** Query of the direct document calls: the document token, and the call's own query. */
const ZDirectDownloadQuerySchema = ZDownloadQuerySchema.extend(ZDirectTokenQuerySchema.shape);
const ZDirectPageQuerySchema = ZDocumentPageQuerySchema.extend(ZDirectTokenQuerySchema.shape);

/** The calls of direct signing without an account (spec section 7, role nas). */
export const directSignRoutes = {
  getDirectSignatureRequest: defineRoute({
    ...ENDPOINTS.getDirectSignatureRequest,
    summary: 'The request as its direct signer sees it, with a fresh document token',
    description: `The first read in an hour is logged as "viewed". ${NAS}`,
    tags,
    params: ZRequestIdParamsSchema,
    response: ZDirectSignatureRequestSchema,
  }),
  getDirectSignatureRequestEvents: defineRoute({
    ...ENDPOINTS.getDirectSignatureRequestEvents,
    summary: 'The evidence log, oldest first, with its integrity check',
    description: NAS,
    tags,
    params: ZRequestIdParamsSchema,
    response: ZEventListSchema,
  }),
  getDirectSignatureRequestZip: defineRoute({
    ...ENDPOINTS.getDirectSignatureRequestZip,
    summary: 'ZIP of the documents as they are now',
    description: NAS,
    tags,
    params: ZRequestIdParamsSchema,
    response: ZBinarySchema,
  }),
  getDirectSignatureRequestLockStatus: defineRoute({
    ...ENDPOINTS.getDirectSignatureRequestLockStatus,
    summary: 'Whether a signature is being applied right now',
    description: NAS,
    tags,
    params: ZRequestIdParamsSchema,
    response: ZLockStatusSchema,
  }),
  declineDirectSignatureRequest: defineRoute({
    ...ENDPOINTS.declineDirectSignatureRequest,
    summary: 'Decline as the direct signer: the request becomes DECLINED, everyone is told',
    description: NAS,
    tags,
    params: ZRequestIdParamsSchema,
    body: ZDeclineSchema,
    response: ZSignatureRequestSchema,
  }),
  downloadDirectDocument: defineRoute({
    ...ENDPOINTS.downloadDirectDocument,
    summary: 'A document of the request (signed version by default), `?token=` or Basic',
    description: NAS,
    tags,
    params: ZDocumentIdParamsSchema,
    query: ZDirectDownloadQuerySchema,
    response: ZBinarySchema,
  }),
  getDirectDocumentPage: defineRoute({
    ...ENDPOINTS.getDirectDocumentPage,
    summary: 'Image (PNG) of page n at `scale` percent, `?token=` or Basic',
    description: `While rendering: 503 RENDERING with Retry-After. ${NAS}`,
    tags,
    params: ZDocumentPageParamsSchema,
    query: ZDirectPageQuerySchema,
    response: ZBinarySchema,
  }),
  directSign: defineRoute({
    ...ENDPOINTS.directSign,
    summary: 'Sign as the direct signer (SES), after a TAN check',
    description: `Needs a TAN checked with tan/check within its five minutes, or \`tan\` in the body (422 TAN_REQUIRED, TAN_INVALID, TAN_EXPIRED; 429 TAN_LOCKED). The TAN is used up by the signature. ${NAS}`,
    tags,
    body: ZDirectSignSchema,
    response: ZDirectSignResultSchema,
  }),
  getDirectUser: defineRoute({
    ...ENDPOINTS.getDirectUser,
    summary: 'The direct signer’s identity',
    description: NAS,
    tags,
    response: ZDirectUserSchema,
  }),
  updateDirectUser: defineRoute({
    ...ENDPOINTS.updateDirectUser,
    summary: 'Change the direct signer’s name or language (Italian included)',
    description: NAS,
    tags,
    body: ZUpdateDirectUserSchema,
    response: ZDirectUserSchema,
  }),
  getDirectSignatureQualities: defineRoute({
    ...ENDPOINTS.getDirectSignatureQualities,
    summary: 'Signature qualities of the direct signer (SES)',
    description: NAS,
    tags,
    response: ZDirectSignatureQualitiesSchema,
  }),
  getDirectVisualSignature: defineRoute({
    ...ENDPOINTS.getDirectVisualSignature,
    summary: 'The visual signature the direct signer will get, in their language',
    description: NAS,
    tags,
    response: ZDirectVisualSignatureSchema,
  }),
  getDirectBusinessPublicInformation: defineRoute({
    ...ENDPOINTS.getDirectBusinessPublicInformation,
    summary: 'Name, logo and support contact of the business that sent the request',
    description: `Only the sending business; any other id is 404. ${NAS}`,
    tags,
    params: ZDirectBusinessParamsSchema,
    response: ZBusinessPublicInformationSchema,
  }),
  resendTan: defineRoute({
    ...ENDPOINTS.resendTan,
    summary: 'Send a new six-digit TAN (valid five minutes) by e-mail or SMS',
    description: `The previous TAN stops working. 429 RATE_LIMITED per signer and per IP; 429 TAN_LOCKED after five wrong tries (Retry-After). ${NAS}`,
    tags,
    body: ZTanResendSchema,
    response: ZTanSentSchema,
  }),
  checkTan: defineRoute({
    ...ENDPOINTS.checkTan,
    summary: 'Check the TAN (compared in constant time)',
    description: `422 TAN_INVALID (details.attemptsLeft), TAN_EXPIRED or TAN_REQUIRED (none sent); the fifth wrong try locks it: 429 TAN_LOCKED with Retry-After. ${NAS}`,
    tags,
    body: ZTanCheckSchema,
    response: ZTanCheckResultSchema,
  }),
  createMabPar: defineRoute({
    ...ENDPOINTS.createMabPar,
    summary: 'Start signing in the mobile app: a pushed authorisation request',
    description: `\`{sig}\` must be the caller’s own signature. 503 MAB_NOT_AVAILABLE without a MAB provider. ${NAS}`,
    tags: ['mab'],
    params: ZMabParParamsSchema,
    body: ZMabCreateParSchema,
    response: ZMabParSchema,
  }),
  mabRedirectSign: defineRoute({
    ...ENDPOINTS.mabRedirectSign,
    summary: 'Finish signing in the mobile app with what the app redirected back with',
    description:
      '`{id}` is the `state` of the redirect (single use); `params` are the redirect’s query parameters (`code`, or `error`). Unknown or used states: 404.',
    tags: ['mab'],
    params: ZMabRedirectParamsSchema,
    body: ZMabRedirectSignSchema,
    response: ZMabSigningResultSchema,
  }),
};
