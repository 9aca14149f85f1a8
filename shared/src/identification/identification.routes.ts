import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZDirectUserSchema } from '../direct-sign/direct-sign.schema.ts';
import { ZRequestSignerParamsSchema } from '../signature-request/signature-request.schema.ts';
import {
  ZAcceptTouSchema,
  ZCancelIdentificationQuerySchema,
  ZIdentIdParamsSchema,
  ZIdentInfoSchema,
  ZIdentMethodSchema,
  ZIdentPathSchema,
  ZIdentPaymentSchema,
  ZStartIdentificationSchema,
} from './identification.schema.ts';

const tags = ['identification'] as const;

const DIRECT =
  'A direct signer (role nas, the Basic credentials of their signing link) identifies for their own signer slot: the identity proven is that slot’s, and the request’s AES or QES slot can then be signed through the link. Anything wrong with the link answers 404.';

/** The identification calls of spec section 7, for an account and for a direct signer. */
export const identificationRoutes = {
  startIdentification: defineRoute({
    ...ENDPOINTS.startIdentification,
    summary: 'Book an identification with a provider (or return the one under way)',
    description:
      'The provider’s terms must be accepted first (`POST /v1/user/accept` with `tou_{provider}`; else 403 TERMS_NOT_ACCEPTED). An identification that is initialized or in progress is returned instead of a new one. 404 IDENT_METHOD_UNKNOWN for a provider/method pair that does not exist; 503 IDENT_UNAVAILABLE when no identification provider runs (production without one).',
    tags,
    params: ZIdentPathSchema,
    body: ZStartIdentificationSchema,
    response: ZIdentInfoSchema,
    status: 201,
  }),
  getIdentification: defineRoute({
    ...ENDPOINTS.getIdentification,
    summary: 'The latest identification with this provider and method (404 NO_IDENTIFICATION)',
    tags,
    params: ZIdentPathSchema,
    response: ZIdentInfoSchema,
  }),
  cancelIdentification: defineRoute({
    ...ENDPOINTS.cancelIdentification,
    summary: 'Abandon the identification under way (`email`: the account’s address confirms it)',
    description:
      'An abandoned identification never raises a quality. 400 EMAIL_MISMATCH when the address is not the account’s; 404 NO_IDENTIFICATION when none is under way.',
    tags,
    params: ZIdentPathSchema,
    query: ZCancelIdentificationQuerySchema,
    response: ZIdentInfoSchema,
  }),
  identificationPayment: defineRoute({
    ...ENDPOINTS.identificationPayment,
    summary: 'Who pays an identification and whether it is paid',
    tags,
    params: ZIdentIdParamsSchema,
    response: ZIdentPaymentSchema,
  }),
  signerIdentMethod: defineRoute({
    ...ENDPOINTS.signerIdentMethod,
    summary: 'What a signer must prove for this request, and the identification methods for it',
    tags: ['signature-requests'],
    params: ZRequestSignerParamsSchema,
    response: ZIdentMethodSchema,
  }),
  acceptDirectUser: defineRoute({
    ...ENDPOINTS.acceptDirectUser,
    summary: 'A direct signer accepts an identification provider’s terms of use',
    description: DIRECT,
    tags,
    body: ZAcceptTouSchema,
    response: ZDirectUserSchema,
  }),
  directIdentificationPayment: defineRoute({
    ...ENDPOINTS.directIdentificationPayment,
    summary: 'Who pays the direct signer’s identification',
    description: DIRECT,
    tags,
    params: ZIdentIdParamsSchema,
    response: ZIdentPaymentSchema,
  }),
  startDirectIdentification: defineRoute({
    ...ENDPOINTS.startDirectIdentification,
    summary: 'The direct signer books an identification (or gets the one under way)',
    description: `${DIRECT} As for an account: 403 TERMS_NOT_ACCEPTED, 404 IDENT_METHOD_UNKNOWN, 409 SERIAL_NUMBER_MISMATCH when the e-ID data name another person than the one the slot was identified as, 503 IDENT_UNAVAILABLE. The identification is for the link’s request (signatureRequestId, when given, must be it).`,
    tags,
    params: ZIdentPathSchema,
    body: ZStartIdentificationSchema,
    response: ZIdentInfoSchema,
    status: 201,
  }),
  getDirectIdentification: defineRoute({
    ...ENDPOINTS.getDirectIdentification,
    summary: 'The direct signer’s latest identification with this provider and method',
    description: DIRECT,
    tags,
    params: ZIdentPathSchema,
    response: ZIdentInfoSchema,
  }),
  cancelDirectIdentification: defineRoute({
    ...ENDPOINTS.cancelDirectIdentification,
    summary: 'The direct signer abandons the identification under way (`email`: their address)',
    description: DIRECT,
    tags,
    params: ZIdentPathSchema,
    query: ZCancelIdentificationQuerySchema,
    response: ZIdentInfoSchema,
  }),
};
