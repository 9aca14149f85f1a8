/**
 * The endpoints of direct signing without an account (role nas) and of the mobile app (MAB),
 * re-exported by endpoints.ts (the one list). Kept in a module of their own so the bundler puts
 * them in the direct pages' chunk, not in the chunk every page loads.
 */
import type { TEndpoint } from './route.ts';

export const directSign = {
  method: 'POST',
  path: '/v3/direct/sign',
  auth: 'nas',
} as const satisfies TEndpoint;
export const getDirectUser = {
  method: 'GET',
  path: '/v1/direct/user',
  auth: 'nas',
} as const satisfies TEndpoint;
export const updateDirectUser = {
  method: 'PUT',
  path: '/v1/direct/user',
  auth: 'nas',
} as const satisfies TEndpoint;
export const getDirectVisualSignature = {
  method: 'GET',
  path: '/v1/direct/visual-signature',
  auth: 'nas',
} as const satisfies TEndpoint;
export const resendTan = {
  method: 'POST',
  path: '/v1/direct/tan/resend',
  auth: 'nas',
} as const satisfies TEndpoint;
export const checkTan = {
  method: 'POST',
  path: '/v1/direct/tan/check',
  auth: 'nas',
} as const satisfies TEndpoint;
export const createMabPar = {
  method: 'POST',
  path: '/v3/mab/create-par/{id}/signatures/{sig}',
  auth: 'nas',
} as const satisfies TEndpoint;
export const mabRedirectSign = {
  method: 'POST',
  path: '/v3/mab/redirect-sign/{id}',
  auth: 'none',
} as const satisfies TEndpoint;
export const getDirectSignatureRequest = {
  method: 'GET',
  path: '/v3/direct/signature-requests/{id}',
  auth: 'nas',
} as const satisfies TEndpoint;
export const getDirectSignatureRequestEvents = {
  method: 'GET',
  path: '/v3/direct/signature-requests/{id}/events',
  auth: 'nas',
} as const satisfies TEndpoint;
export const getDirectSignatureRequestZip = {
  method: 'GET',
  path: '/v3/direct/signature-requests/{id}/zip',
  auth: 'nas',
} as const satisfies TEndpoint;
export const getDirectSignatureRequestLockStatus = {
  method: 'GET',
  path: '/v3/direct/signature-requests/{id}/lock-status',
  auth: 'nas',
} as const satisfies TEndpoint;
export const declineDirectSignatureRequest = {
  method: 'POST',
  path: '/v3/direct/signature-requests/{id}/decline',
  auth: 'nas',
} as const satisfies TEndpoint;
export const downloadDirectDocument = {
  method: 'GET',
  path: '/v3/direct/documents/{id}/download',
  auth: 'nas',
} as const satisfies TEndpoint;
export const getDirectDocumentPage = {
  method: 'GET',
  path: '/v3/direct/documents/{id}/pages/{n}',
  auth: 'nas',
} as const satisfies TEndpoint;
export const getDirectSignatureQualities = {
  method: 'GET',
  path: '/v3/direct/user/signature-qualities-detail',
  auth: 'nas',
} as const satisfies TEndpoint;
export const getDirectBusinessPublicInformation = {
  method: 'GET',
  path: '/v2/direct/businesses/{id}/public-information',
  auth: 'nas',
} as const satisfies TEndpoint;
/** `POST /v1/direct/user/accept`: a direct signer accepts an identification provider's terms. */
export const acceptDirectUser = {
  method: 'POST',
  path: '/v1/direct/user/accept',
  auth: 'nas',
} as const satisfies TEndpoint;
// Identification of a direct signer (the account calls' direct variants, spec section 7).
export const directIdentificationPayment = {
  method: 'GET',
  path: '/v1/direct/user/identification/payment/{id}',
  auth: 'nas',
} as const satisfies TEndpoint;
export const startDirectIdentification = {
  method: 'POST',
  path: '/v1/direct/user/identification/{provider}/{method}',
  auth: 'nas',
} as const satisfies TEndpoint;
export const getDirectIdentification = {
  method: 'GET',
  path: '/v1/direct/user/identification/{provider}/{method}',
  auth: 'nas',
} as const satisfies TEndpoint;
export const cancelDirectIdentification = {
  method: 'DELETE',
  path: '/v1/direct/user/identification/{provider}/{method}',
  auth: 'nas',
} as const satisfies TEndpoint;
