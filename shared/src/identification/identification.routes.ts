import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZRequestSignerParamsSchema } from '../signature-request/signature-request.schema.ts';
import {
  ZCancelIdentificationQuerySchema,
  ZIdentIdParamsSchema,
  ZIdentInfoSchema,
  ZIdentMethodSchema,
  ZIdentPathSchema,
  ZIdentPaymentSchema,
  ZStartIdentificationSchema,
} from './identification.schema.ts';

const tags = ['identification'] as const;

/** The identification calls of spec section 7 (the direct variants come with direct signing). */
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
};
