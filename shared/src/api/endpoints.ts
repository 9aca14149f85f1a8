/**
 * Every API endpoint: its name, method, path (relative to `/api`, OpenAPI style) and who may
 * call it. Zod-free, so the browsers take it for free; the route table (`routes.ts`) spreads
 * each entry into its full definition (schemas, summary), and the typed view (`api.ts`) gives
 * the browsers the same entries with their body and answer types. A path lives here only.
 */
import type { HttpMethod, RouteAuth } from './route.ts';

/** Where an endpoint is and who may call it. */
export type TEndpoint = {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly auth: RouteAuth;
};

export const ENDPOINTS = {
  // System
  datetime: { method: 'GET', path: '/v1/datetime', auth: 'none' },
  maintenance: { method: 'GET', path: '/v1/maintenance', auth: 'none' },
  // Accounts: signup, sessions, passwords
  requestConfirmation: { method: 'POST', path: '/v1/request-confirmation', auth: 'none' },
  validConfirmation: { method: 'POST', path: '/v1/valid-confirmation', auth: 'none' },
  checkPassword: { method: 'POST', path: '/v1/check-password', auth: 'optional' },
  register: { method: 'POST', path: '/v1/register', auth: 'none' },
  login: { method: 'POST', path: '/v1/login', auth: 'none' },
  logout: { method: 'POST', path: '/v1/logout', auth: 'user' },
  requestReset: { method: 'POST', path: '/v1/request-reset', auth: 'none' },
  resetPassword: { method: 'POST', path: '/v1/reset-password', auth: 'none' },
  changePassword: { method: 'POST', path: '/v1/change-password', auth: 'user' },
  // The signed-in user
  getUser: { method: 'GET', path: '/v1/user', auth: 'user' },
  updateUser: { method: 'PUT', path: '/v1/user', auth: 'user' },
  acceptUser: { method: 'POST', path: '/v1/user/accept', auth: 'user' },
  deleteUser: { method: 'POST', path: '/v1/user/delete', auth: 'user' },
  signatureQualities: { method: 'GET', path: '/v3/user/signature-qualities-detail', auth: 'user' },
  // Businesses
  createBusiness: { method: 'POST', path: '/v2/businesses', auth: 'user' },
  getUserBusiness: { method: 'GET', path: '/v2/businesses/user', auth: 'user' },
  getBusiness: { method: 'GET', path: '/v1/businesses/{id}', auth: 'user' },
  updateBusiness: { method: 'PUT', path: '/v1/businesses/{id}', auth: 'user' },
  listBusinessAdmins: { method: 'GET', path: '/v1/businesses/{id}/admins', auth: 'user' },
  // Signature requests
  listSignatureRequests: { method: 'GET', path: '/v3/signature-requests-redesign', auth: 'user' },
  createSignatureRequest: { method: 'POST', path: '/v3/signature-requests', auth: 'user' },
  getSignatureRequest: { method: 'GET', path: '/v3/signature-requests/{id}', auth: 'user' },
  updateSignatureRequest: { method: 'PUT', path: '/v3/signature-requests/{id}', auth: 'user' },
  deleteSignatureRequest: { method: 'DELETE', path: '/v3/signature-requests/{id}', auth: 'user' },
  getSignatureRequestStatus: {
    method: 'GET',
    path: '/v3/signature-requests/{id}/status',
    auth: 'user',
  },
  getSignatureRequestEvents: {
    method: 'GET',
    path: '/v3/signature-requests/{id}/events',
    auth: 'user',
  },
  getSignatureRequestLockStatus: {
    method: 'GET',
    path: '/v3/signature-requests/{id}/lock-status',
    auth: 'user',
  },
  addSignatureRequestDocument: {
    method: 'POST',
    path: '/v3/signature-requests/{id}/documents',
    auth: 'user',
  },
  removeSignatureRequestDocument: {
    method: 'DELETE',
    path: '/v3/signature-requests/{id}/documents/{docId}',
    auth: 'user',
  },
  initiateSignatureRequest: {
    method: 'POST',
    path: '/v3/signature-requests/{id}/initiate',
    auth: 'user',
  },
  addSignatureRequestSigner: {
    method: 'POST',
    path: '/v3/signature-requests/{id}/signatures',
    auth: 'user',
  },
  removeSignatureRequestSigner: {
    method: 'DELETE',
    path: '/v3/signature-requests/{id}/signatures/{sig}',
    auth: 'user',
  },
  addSignatureRequestObserver: {
    method: 'POST',
    path: '/v3/signature-requests/{id}/observers',
    auth: 'user',
  },
  removeSignatureRequestObserver: {
    method: 'DELETE',
    path: '/v3/signature-requests/{id}/observers/{o}',
    auth: 'user',
  },
  declineSignatureRequest: {
    method: 'POST',
    path: '/v3/signature-requests/{id}/decline',
    auth: 'user',
  },
  withdrawSignatureRequest: {
    method: 'POST',
    path: '/v3/signature-requests/{id}/withdraw',
    auth: 'user',
  },
  remindSignatureRequest: {
    method: 'POST',
    path: '/v3/signature-requests/{id}/remind',
    auth: 'user',
  },
  delegateSignatureRequest: {
    method: 'POST',
    path: '/v3/signature-requests/{id}/delegate',
    auth: 'user',
  },
  getSendto: { method: 'GET', path: '/v3/sendto/{id}/get-internal', auth: 'user' },
  claimSendto: { method: 'POST', path: '/v3/sendto/{id}/claim', auth: 'user' },
  emailAutocomplete: { method: 'GET', path: '/v1/email_input_autocomplete', auth: 'user' },
  // Documents, zip, report and attachments
  uploadDocument: { method: 'POST', path: '/v3/documents', auth: 'user' },
  getDocument: { method: 'GET', path: '/v3/documents/{id}', auth: 'user' },
  deleteDocument: { method: 'DELETE', path: '/v3/documents/{id}', auth: 'user' },
  downloadDocument: { method: 'GET', path: '/v3/documents/{id}/download', auth: 'user' },
  getDocumentPage: { method: 'GET', path: '/v3/documents/{id}/pages/{n}', auth: 'user' },
  getSignatureRequestZip: { method: 'GET', path: '/v3/signature-requests/{id}/zip', auth: 'user' },
  getSignatureRequestReport: {
    method: 'GET',
    path: '/v3/signature-requests/{id}/report',
    auth: 'user',
  },
  listAttachments: { method: 'GET', path: '/v3/signature-requests/{id}/attachments', auth: 'user' },
  uploadAttachment: {
    method: 'POST',
    path: '/v3/signature-requests/{id}/attachments',
    auth: 'user',
  },
  getAttachment: {
    method: 'GET',
    path: '/v3/signature-requests/{id}/attachments/{att}',
    auth: 'user',
  },
  deleteAttachment: {
    method: 'DELETE',
    path: '/v3/signature-requests/{id}/attachments/{att}',
    auth: 'user',
  },
  getAttachmentContent: {
    method: 'GET',
    path: '/v3/signature-requests/{id}/attachments/{att}/content',
    auth: 'user',
  },
  // Signing
  sign: { method: 'POST', path: '/v3/sign', auth: 'user' },
} as const satisfies Record<string, TEndpoint>;

/** The name of an endpoint. */
export type TEndpointName = keyof typeof ENDPOINTS;
