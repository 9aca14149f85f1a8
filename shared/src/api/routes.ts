import { apiUserRoutes } from '../api-user/api-user.routes.ts';
import { billingRoutes } from '../billing/billing.routes.ts';
import { pricingRoutes } from '../billing/pricing.routes.ts';
import { businessRoutes } from '../business/business.routes.ts';
import { directSignRoutes } from '../direct-sign/direct-sign.routes.ts';
import { documentRoutes, signingRoutes } from '../document/document.routes.ts';
import { identificationRoutes } from '../identification/identification.routes.ts';
import { planRoutes } from '../plan/plan.routes.ts';
import { sealRoutes } from '../seal/seal.routes.ts';
import { signatureRequestRoutes } from '../signature-request/signature-request.routes.ts';
import { signerGroupRoutes } from '../signer-group/signer-group.routes.ts';
import { signingStepRoutes } from '../signing/signing.routes.ts';
import { ZDatetimeSchema, ZMaintenanceSchema } from '../system/system.schema.ts';
import {
  ZAcceptSchema,
  ZChangePasswordSchema,
  ZCheckPasswordResultSchema,
  ZCheckPasswordSchema,
  ZDeleteUserSchema,
  ZLoginSchema,
  ZMobileCodeSchema,
  ZMobileConfirmationSchema,
  ZMobileConfirmationStartSchema,
  ZOkSchema,
  ZRegisterSchema,
  ZRequestConfirmationSchema,
  ZRequestResetSchema,
  ZResetPasswordSchema,
  ZSentSchema,
  ZSessionSchema,
  ZSessionWithUserSchema,
  ZSignatureQualitiesSchema,
  ZUpdateUserSchema,
  ZUserSchema,
  ZValidConfirmationResultSchema,
  ZValidConfirmationSchema,
} from '../user/user.schema.ts';
import { verifyRoutes } from '../verify/verify.routes.ts';
import { visualSignatureRoutes } from '../visual-signature/visual-signature.routes.ts';
import * as ENDPOINTS from './endpoints.ts';
import { defineRoute, type RouteDef } from './route.ts';

/**
 * The route table: every API endpoint, keyed by a camelCase name. Paths are relative to `/api`.
 * Append entries; keep this a plain object literal.
 */
export const routes = {
  ...signatureRequestRoutes,
  ...verifyRoutes,
  ...documentRoutes,
  ...signingRoutes,
  ...directSignRoutes,
  ...businessRoutes,
  ...signingStepRoutes,
  ...identificationRoutes,
  ...visualSignatureRoutes,
  ...billingRoutes,
  ...pricingRoutes,
  ...planRoutes,
  ...apiUserRoutes,
  ...signerGroupRoutes,
  ...sealRoutes,
  datetime: defineRoute({
    ...ENDPOINTS.datetime,
    summary: 'Current server time',
    tags: ['system'],
    response: ZDatetimeSchema,
  }),
  maintenance: defineRoute({
    ...ENDPOINTS.maintenance,
    summary: 'Maintenance status',
    tags: ['system'],
    response: ZMaintenanceSchema,
  }),
  // Accounts: signup, sessions, profile (shared/src/user) and the minimal business (roles).
  requestConfirmation: defineRoute({
    ...ENDPOINTS.requestConfirmation,
    summary: 'Mail a signup confirmation link',
    description:
      'Always answers `{ status: "sent" }`. An address without an account gets a confirmation link (24 h, single use); an address with one gets an "account exists" mail. 429 RATE_LIMITED per address and IP.',
    tags: ['auth'],
    body: ZRequestConfirmationSchema,
    response: ZSentSchema,
  }),
  validConfirmation: defineRoute({
    ...ENDPOINTS.validConfirmation,
    summary: 'Check a signup confirmation token',
    tags: ['auth'],
    body: ZValidConfirmationSchema,
    response: ZValidConfirmationResultSchema,
  }),
  checkPassword: defineRoute({
    ...ENDPOINTS.checkPassword,
    summary: 'Check a password against the policy',
    description:
      'errorCode: TOO_SHORT (under 10 characters), COMMON (a common password), CONTAINS_EMAIL (contains the address of the token or the signed-in user).',
    tags: ['auth'],
    body: ZCheckPasswordSchema,
    response: ZCheckPasswordResultSchema,
  }),
  register: defineRoute({
    ...ENDPOINTS.register,
    summary: 'Create an account from a confirmation token and sign in',
    tags: ['auth'],
    body: ZRegisterSchema,
    response: ZSessionWithUserSchema,
  }),
  login: defineRoute({
    ...ENDPOINTS.login,
    summary: 'Sign in with e-mail and password',
    description:
      '401 INVALID_CREDENTIALS for an unknown address or a wrong password; 429 RATE_LIMITED per address and IP.',
    tags: ['auth'],
    body: ZLoginSchema,
    response: ZSessionWithUserSchema,
  }),
  logout: defineRoute({
    ...ENDPOINTS.logout,
    summary: 'Revoke the current session',
    tags: ['auth'],
    response: ZOkSchema,
  }),
  requestReset: defineRoute({
    ...ENDPOINTS.requestReset,
    summary: 'Mail a password-reset link',
    description: 'Always answers `{ status: "sent" }`; the link is valid for 1 h, single use.',
    tags: ['auth'],
    body: ZRequestResetSchema,
    response: ZSentSchema,
  }),
  resetPassword: defineRoute({
    ...ENDPOINTS.resetPassword,
    summary: 'Set a new password from a reset token (signs out every session)',
    tags: ['auth'],
    body: ZResetPasswordSchema,
    response: ZOkSchema,
  }),
  changePassword: defineRoute({
    ...ENDPOINTS.changePassword,
    summary: 'Change the password; every session is revoked and a new one returned',
    tags: ['auth'],
    body: ZChangePasswordSchema,
    response: ZSessionSchema,
  }),
  getUser: defineRoute({
    ...ENDPOINTS.getUser,
    summary: 'The signed-in user',
    tags: ['user'],
    response: ZUserSchema,
  }),
  updateUser: defineRoute({
    ...ENDPOINTS.updateUser,
    summary: 'Update names and attributes of the signed-in user',
    tags: ['user'],
    body: ZUpdateUserSchema,
    response: ZUserSchema,
  }),
  startMobileConfirmation: defineRoute({
    ...ENDPOINTS.startMobileConfirmation,
    summary: 'Send a code by SMS to confirm a mobile number (AES minimal rests on it)',
    description:
      "Decision (the spec names no call): six digits, valid 10 minutes, 3 tries; at most 5 codes in 15 minutes (429 RATE_LIMITED). A new code replaces the one before. The number becomes the account's only once its code is confirmed.",
    tags: ['user'],
    body: ZMobileConfirmationStartSchema,
    response: ZMobileConfirmationSchema,
  }),
  confirmMobile: defineRoute({
    ...ENDPOINTS.confirmMobile,
    summary: 'Confirm the mobile number with the code from the SMS',
    description:
      "The number becomes the account's, confirmed: the qualities gain aesMinimal.eidas and aesMinimal.zertes. 422 MOBILE_CODE_INVALID (details.attemptsLeft), 422 MOBILE_CODE_EXPIRED (expired, or the third wrong try), 409 NO_MOBILE_CONFIRMATION.",
    tags: ['user'],
    body: ZMobileCodeSchema,
    response: ZUserSchema,
  }),
  acceptUser: defineRoute({
    ...ENDPOINTS.acceptUser,
    summary: 'Accept the terms and/or answer a business invitation',
    tags: ['user'],
    body: ZAcceptSchema,
    response: ZUserSchema,
  }),
  deleteUser: defineRoute({
    ...ENDPOINTS.deleteUser,
    summary: 'Delete the signed-in account (password required)',
    tags: ['user'],
    body: ZDeleteUserSchema,
    response: ZOkSchema,
  }),
  signatureQualities: defineRoute({
    ...ENDPOINTS.signatureQualities,
    summary: 'Signature qualities available to the signed-in user',
    tags: ['user'],
    response: ZSignatureQualitiesSchema,
  }),
} satisfies { [K in keyof typeof ENDPOINTS]: RouteDef & (typeof ENDPOINTS)[K] };

export type Routes = typeof routes;
