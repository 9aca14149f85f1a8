import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZSignResultSchema } from '../signature-request/signature-request.schema.ts';
import { ZProceedParamsSchema, ZProceedSchema } from './signing.schema.ts';

export const signingStepRoutes = {
  proceedSigning: defineRoute({
    ...ENDPOINTS.proceedSigning,
    summary: 'Confirm a pending signature (challenge {id} of 428 TAN_REQUIRED) and sign its batch',
    description:
      'The challenge’s batch is signed as `POST /v3/sign` would. 422 TAN_INVALID (with attemptsLeft), 423 TAN_LOCKED, 410 TAN_EXPIRED; 404 NOT_FOUND for a challenge that is not the caller’s.',
    tags: ['signing'],
    params: ZProceedParamsSchema,
    body: ZProceedSchema,
    response: ZSignResultSchema,
  }),
};
