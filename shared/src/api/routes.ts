import { z } from 'zod';
import {
  ZBusinessIdParamsSchema,
  ZBusinessSchema,
  ZCreateBusinessSchema,
} from '../business/business.schema.ts';
import { documentRoutes, signingRoutes } from '../document/document.routes.ts';
import { signatureRequestRoutes } from '../signature-request/signature-request.routes.ts';
import {
  ZAcceptSchema,
  ZChangePasswordSchema,
  ZCheckPasswordResultSchema,
  ZCheckPasswordSchema,
  ZDeleteUserSchema,
  ZLoginSchema,
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
import { defineRoute } from './route.ts';

/** `GET /v1/datetime` response: the server's current time. */
export const ZDatetimeSchema = z.object({ now: z.iso.datetime() });
export type TDatetime = z.infer<typeof ZDatetimeSchema>;

export const MAINTENANCE_STATUSES = ['none', 'scheduled', 'in_progress'] as const;
export type TMaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** `GET /v1/maintenance` response. */
export const ZMaintenanceSchema = z.object({
  status: z.enum(MAINTENANCE_STATUSES),
  isBlocking: z.boolean(),
  url: z.string().nullable(),
});
export type TMaintenance = z.infer<typeof ZMaintenanceSchema>;

/**
 * The route table: every API endpoint, keyed by a camelCase name. Paths are relative to `/api`.
 * Append entries; keep this a plain object literal.
 */
export const routes = {
  ...signatureRequestRoutes,
  ...verifyRoutes,
  ...documentRoutes,
  ...signingRoutes,
  datetime: defineRoute({
    method: 'GET',
    path: '/v1/datetime',
    auth: 'none',
    summary: 'Current server time',
    tags: ['system'],
    response: ZDatetimeSchema,
  }),
  maintenance: defineRoute({
    method: 'GET',
    path: '/v1/maintenance',
    auth: 'none',
    summary: 'Maintenance status',
    tags: ['system'],
    response: ZMaintenanceSchema,
  }),
  // Accounts: signup, sessions, profile (shared/src/user) and the minimal business (roles).
  requestConfirmation: defineRoute({
    method: 'POST',
    path: '/v1/request-confirmation',
    auth: 'none',
    summary: 'Mail a signup confirmation link',
    description:
      'Always answers `{ status: "sent" }`. An address without an account gets a confirmation link (24 h, single use); an address with one gets an "account exists" mail. 429 RATE_LIMITED per address and IP.',
    tags: ['auth'],
    body: ZRequestConfirmationSchema,
    response: ZSentSchema,
  }),
  validConfirmation: defineRoute({
    method: 'POST',
    path: '/v1/valid-confirmation',
    auth: 'none',
    summary: 'Check a signup confirmation token',
    tags: ['auth'],
    body: ZValidConfirmationSchema,
    response: ZValidConfirmationResultSchema,
  }),
  checkPassword: defineRoute({
    method: 'POST',
    path: '/v1/check-password',
    auth: 'optional',
    summary: 'Check a password against the policy',
    description:
      'errorCode: TOO_SHORT (under 10 characters), COMMON (a common password), CONTAINS_EMAIL (contains the address of the token or the signed-in user).',
    tags: ['auth'],
    body: ZCheckPasswordSchema,
    response: ZCheckPasswordResultSchema,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/v1/register',
    auth: 'none',
    summary: 'Create an account from a confirmation token and sign in',
    tags: ['auth'],
    body: ZRegisterSchema,
    response: ZSessionWithUserSchema,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/v1/login',
    auth: 'none',
    summary: 'Sign in with e-mail and password',
    description:
      '401 INVALID_CREDENTIALS for an unknown address or a wrong password; 429 RATE_LIMITED per address and IP.',
    tags: ['auth'],
    body: ZLoginSchema,
    response: ZSessionWithUserSchema,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/v1/logout',
    auth: 'user',
    summary: 'Revoke the current session',
    tags: ['auth'],
    response: ZOkSchema,
  }),
  requestReset: defineRoute({
    method: 'POST',
    path: '/v1/request-reset',
    auth: 'none',
    summary: 'Mail a password-reset link',
    description: 'Always answers `{ status: "sent" }`; the link is valid for 1 h, single use.',
    tags: ['auth'],
    body: ZRequestResetSchema,
    response: ZSentSchema,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/v1/reset-password',
    auth: 'none',
    summary: 'Set a new password from a reset token (signs out every session)',
    tags: ['auth'],
    body: ZResetPasswordSchema,
    response: ZOkSchema,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/v1/change-password',
    auth: 'user',
    summary: 'Change the password; every session is revoked and a new one returned',
    tags: ['auth'],
    body: ZChangePasswordSchema,
    response: ZSessionSchema,
  }),
  getUser: defineRoute({
    method: 'GET',
    path: '/v1/user',
    auth: 'user',
    summary: 'The signed-in user',
    tags: ['user'],
    response: ZUserSchema,
  }),
  updateUser: defineRoute({
    method: 'PUT',
    path: '/v1/user',
    auth: 'user',
    summary: 'Update names and attributes of the signed-in user',
    tags: ['user'],
    body: ZUpdateUserSchema,
    response: ZUserSchema,
  }),
  acceptUser: defineRoute({
    method: 'POST',
    path: '/v1/user/accept',
    auth: 'user',
    summary: 'Accept the terms and/or answer a business invitation',
    tags: ['user'],
    body: ZAcceptSchema,
    response: ZUserSchema,
  }),
  deleteUser: defineRoute({
    method: 'POST',
    path: '/v1/user/delete',
    auth: 'user',
    summary: 'Delete the signed-in account (password required)',
    tags: ['user'],
    body: ZDeleteUserSchema,
    response: ZOkSchema,
  }),
  signatureQualities: defineRoute({
    method: 'GET',
    path: '/v3/user/signature-qualities-detail',
    auth: 'user',
    summary: 'Signature qualities available to the signed-in user',
    tags: ['user'],
    response: ZSignatureQualitiesSchema,
  }),
  createBusiness: defineRoute({
    method: 'POST',
    path: '/v2/businesses',
    auth: 'user',
    summary: 'Create a business with the caller as its admin',
    tags: ['businesses'],
    body: ZCreateBusinessSchema,
    response: ZBusinessSchema,
    status: 201,
  }),
  getUserBusiness: defineRoute({
    method: 'GET',
    path: '/v2/businesses/user',
    auth: 'user',
    summary: "The caller's business (404 NO_BUSINESS when none)",
    tags: ['businesses'],
    response: ZBusinessSchema,
  }),
  getBusiness: defineRoute({
    method: 'GET',
    path: '/v1/businesses/{id}',
    auth: 'user',
    summary: 'A business the caller belongs to (404 otherwise)',
    tags: ['businesses'],
    params: ZBusinessIdParamsSchema,
    response: ZBusinessSchema,
  }),
};

export type Routes = typeof routes;
export type RouteName = keyof Routes;
