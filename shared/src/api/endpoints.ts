/**
 * Every API endpoint: its name, method, path (relative to `/api`, OpenAPI style) and who may
 * call it, one export each. Zod-free, so the browsers take them for free — and only the ones a
 * page calls. The route table (`routes.ts`) spreads each into its full definition (schemas,
 * summary); the typed view (`api.ts`) gives the browsers their body and answer types. A path
 * lives here only.
 */
import type { TEndpoint } from './route.ts';

// System
export const datetime = {
  method: 'GET',
  path: '/v1/datetime',
  auth: 'none',
} as const satisfies TEndpoint;
export const maintenance = {
  method: 'GET',
  path: '/v1/maintenance',
  auth: 'none',
} as const satisfies TEndpoint;

// Accounts: signup, sessions, passwords
export const requestConfirmation = {
  method: 'POST',
  path: '/v1/request-confirmation',
  auth: 'none',
} as const satisfies TEndpoint;
export const validConfirmation = {
  method: 'POST',
  path: '/v1/valid-confirmation',
  auth: 'none',
} as const satisfies TEndpoint;
export const checkPassword = {
  method: 'POST',
  path: '/v1/check-password',
  auth: 'optional',
} as const satisfies TEndpoint;
export const register = {
  method: 'POST',
  path: '/v1/register',
  auth: 'none',
} as const satisfies TEndpoint;
export const login = {
  method: 'POST',
  path: '/v1/login',
  auth: 'none',
} as const satisfies TEndpoint;
export const logout = {
  method: 'POST',
  path: '/v1/logout',
  auth: 'user',
} as const satisfies TEndpoint;
export const requestReset = {
  method: 'POST',
  path: '/v1/request-reset',
  auth: 'none',
} as const satisfies TEndpoint;
export const resetPassword = {
  method: 'POST',
  path: '/v1/reset-password',
  auth: 'none',
} as const satisfies TEndpoint;
export const changePassword = {
  method: 'POST',
  path: '/v1/change-password',
  auth: 'user',
} as const satisfies TEndpoint;

// The signed-in user
export const getUser = {
  method: 'GET',
  path: '/v1/user',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateUser = {
  method: 'PUT',
  path: '/v1/user',
  auth: 'user',
} as const satisfies TEndpoint;
export const startMobileConfirmation = {
  method: 'POST',
  path: '/v1/user/mobile/confirmation',
  auth: 'user',
} as const satisfies TEndpoint;
export const confirmMobile = {
  method: 'POST',
  path: '/v1/user/mobile/confirmation/code',
  auth: 'user',
} as const satisfies TEndpoint;
export const acceptUser = {
  method: 'POST',
  path: '/v1/user/accept',
  auth: 'user',
} as const satisfies TEndpoint;
export const deleteUser = {
  method: 'POST',
  path: '/v1/user/delete',
  auth: 'user',
} as const satisfies TEndpoint;
export const signatureQualities = {
  method: 'GET',
  path: '/v3/user/signature-qualities-detail',
  auth: 'user',
} as const satisfies TEndpoint;

// Businesses
export const createBusiness = {
  method: 'POST',
  path: '/v2/businesses',
  auth: 'user',
} as const satisfies TEndpoint;
export const getUserBusiness = {
  method: 'GET',
  path: '/v2/businesses/user',
  auth: 'user',
} as const satisfies TEndpoint;
export const getBusiness = {
  method: 'GET',
  path: '/v1/businesses/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateBusiness = {
  method: 'PUT',
  path: '/v1/businesses/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const listBusinessAdmins = {
  method: 'GET',
  path: '/v1/businesses/{id}/admins',
  auth: 'user',
} as const satisfies TEndpoint;
export const deleteBusiness = {
  method: 'DELETE',
  path: '/v2/businesses/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const revokeBusinessDeletion = {
  method: 'POST',
  path: '/v2/businesses/{id}/revoke_delete',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateBusinessBase = {
  method: 'PUT',
  path: '/v2/businesses/{id}/base',
  auth: 'user',
} as const satisfies TEndpoint;
export const getBusinessPublicInformation = {
  method: 'GET',
  path: '/v2/businesses/{id}/public-information',
  auth: 'user',
} as const satisfies TEndpoint;
export const getBusinessLogo = {
  method: 'GET',
  path: '/v1/businesses/{id}/logo',
  auth: 'none',
} as const satisfies TEndpoint;
export const getBusinessCustomExtras = {
  method: 'GET',
  path: '/v2/businesses/{id}/customextras',
  auth: 'user',
} as const satisfies TEndpoint;
export const getBusinessSettings = {
  method: 'GET',
  path: '/v1/businesses/{id}/settings',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateBusinessSettings = {
  method: 'PUT',
  path: '/v1/businesses/{id}/settings',
  auth: 'user',
} as const satisfies TEndpoint;
export const uploadBusinessLogo = {
  method: 'PUT',
  path: '/v1/businesses/{id}/settings/logo',
  auth: 'user',
} as const satisfies TEndpoint;
export const listBusinessMembers = {
  method: 'GET',
  path: '/v1/businesses/{id}/members',
  auth: 'user',
} as const satisfies TEndpoint;
export const inviteBusinessMembers = {
  method: 'POST',
  path: '/v1/businesses/{id}/members',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateBusinessMember = {
  method: 'PUT',
  path: '/v1/businesses/{id}/members/{userId}',
  auth: 'user',
} as const satisfies TEndpoint;
export const changeToAdmins = {
  method: 'POST',
  path: '/v1/businesses/{id}/change-to-admins',
  auth: 'user',
} as const satisfies TEndpoint;
export const changeToMembers = {
  method: 'POST',
  path: '/v1/businesses/{id}/change-to-members',
  auth: 'user',
} as const satisfies TEndpoint;
export const removeBusinessMembers = {
  method: 'POST',
  path: '/v1/businesses/{id}/remove-members',
  auth: 'user',
} as const satisfies TEndpoint;
export const listBusinessInvitations = {
  method: 'GET',
  path: '/v2/businesses/{id}/invitations',
  auth: 'user',
} as const satisfies TEndpoint;
export const cancelBusinessInvitation = {
  method: 'DELETE',
  path: '/v1/businesses/{id}/invitations/{inviteId}',
  auth: 'user',
} as const satisfies TEndpoint;
export const listBusinessDomains = {
  method: 'GET',
  path: '/v1/businesses/{id}/domains',
  auth: 'user',
} as const satisfies TEndpoint;
export const addBusinessDomain = {
  method: 'POST',
  path: '/v1/businesses/{id}/domains',
  auth: 'user',
} as const satisfies TEndpoint;
export const removeBusinessDomain = {
  method: 'DELETE',
  path: '/v1/businesses/{id}/domains/{domain}',
  auth: 'user',
} as const satisfies TEndpoint;
export const listAccountActivities = {
  method: 'GET',
  path: '/v2/businesses/{id}/activities/accounts',
  auth: 'user',
} as const satisfies TEndpoint;
export const listSignatureActivities = {
  method: 'GET',
  path: '/v2/businesses/{id}/activities/signatures',
  auth: 'user',
} as const satisfies TEndpoint;
export const listIdentificationActivities = {
  method: 'GET',
  path: '/v2/businesses/{id}/activities/identifications',
  auth: 'user',
} as const satisfies TEndpoint;
export const exportSignatureActivities = {
  method: 'GET',
  path: '/v2/businesses/{id}/activities/signatures/export',
  auth: 'user',
} as const satisfies TEndpoint;
export const exportIdentificationActivities = {
  method: 'GET',
  path: '/v2/businesses/{id}/activities/identifications/export',
  auth: 'user',
} as const satisfies TEndpoint;
export const getBusinessStatistics = {
  method: 'GET',
  path: '/v2/businesses/{id}/statistics',
  auth: 'user',
} as const satisfies TEndpoint;

// Signature requests
export const listSignatureRequests = {
  method: 'GET',
  path: '/v3/signature-requests-redesign',
  auth: 'user',
} as const satisfies TEndpoint;
export const createSignatureRequest = {
  method: 'POST',
  path: '/v3/signature-requests',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSignatureRequest = {
  method: 'GET',
  path: '/v3/signature-requests/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateSignatureRequest = {
  method: 'PUT',
  path: '/v3/signature-requests/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const deleteSignatureRequest = {
  method: 'DELETE',
  path: '/v3/signature-requests/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSignatureRequestStatus = {
  method: 'GET',
  path: '/v3/signature-requests/{id}/status',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSignatureRequestEvents = {
  method: 'GET',
  path: '/v3/signature-requests/{id}/events',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSignatureRequestLockStatus = {
  method: 'GET',
  path: '/v3/signature-requests/{id}/lock-status',
  auth: 'user',
} as const satisfies TEndpoint;
export const addSignatureRequestDocument = {
  method: 'POST',
  path: '/v3/signature-requests/{id}/documents',
  auth: 'user',
} as const satisfies TEndpoint;
export const removeSignatureRequestDocument = {
  method: 'DELETE',
  path: '/v3/signature-requests/{id}/documents/{docId}',
  auth: 'user',
} as const satisfies TEndpoint;
export const initiateSignatureRequest = {
  method: 'POST',
  path: '/v3/signature-requests/{id}/initiate',
  auth: 'user',
} as const satisfies TEndpoint;
export const addSignatureRequestSigner = {
  method: 'POST',
  path: '/v3/signature-requests/{id}/signatures',
  auth: 'user',
} as const satisfies TEndpoint;
export const removeSignatureRequestSigner = {
  method: 'DELETE',
  path: '/v3/signature-requests/{id}/signatures/{sig}',
  auth: 'user',
} as const satisfies TEndpoint;
export const addSignatureRequestObserver = {
  method: 'POST',
  path: '/v3/signature-requests/{id}/observers',
  auth: 'user',
} as const satisfies TEndpoint;
export const removeSignatureRequestObserver = {
  method: 'DELETE',
  path: '/v3/signature-requests/{id}/observers/{o}',
  auth: 'user',
} as const satisfies TEndpoint;
export const declineSignatureRequest = {
  method: 'POST',
  path: '/v3/signature-requests/{id}/decline',
  auth: 'user',
} as const satisfies TEndpoint;
export const withdrawSignatureRequest = {
  method: 'POST',
  path: '/v3/signature-requests/{id}/withdraw',
  auth: 'user',
} as const satisfies TEndpoint;
export const remindSignatureRequest = {
  method: 'POST',
  path: '/v3/signature-requests/{id}/remind',
  auth: 'user',
} as const satisfies TEndpoint;
export const delegateSignatureRequest = {
  method: 'POST',
  path: '/v3/signature-requests/{id}/delegate',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSendto = {
  method: 'GET',
  path: '/v3/sendto/{id}/get-internal',
  auth: 'user',
} as const satisfies TEndpoint;
export const claimSendto = {
  method: 'POST',
  path: '/v3/sendto/{id}/claim',
  auth: 'user',
} as const satisfies TEndpoint;
export const emailAutocomplete = {
  method: 'GET',
  path: '/v1/email_input_autocomplete',
  auth: 'user',
} as const satisfies TEndpoint;

// Documents, zip, report and attachments
export const uploadDocument = {
  method: 'POST',
  path: '/v3/documents',
  auth: 'user',
} as const satisfies TEndpoint;
export const getDocument = {
  method: 'GET',
  path: '/v3/documents/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const deleteDocument = {
  method: 'DELETE',
  path: '/v3/documents/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const downloadDocument = {
  method: 'GET',
  path: '/v3/documents/{id}/download',
  auth: 'user',
} as const satisfies TEndpoint;
export const getDocumentPage = {
  method: 'GET',
  path: '/v3/documents/{id}/pages/{n}',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSignatureRequestZip = {
  method: 'GET',
  path: '/v3/signature-requests/{id}/zip',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSignatureRequestReport = {
  method: 'GET',
  path: '/v3/signature-requests/{id}/report',
  auth: 'user',
} as const satisfies TEndpoint;
export const listAttachments = {
  method: 'GET',
  path: '/v3/signature-requests/{id}/attachments',
  auth: 'user',
} as const satisfies TEndpoint;
export const uploadAttachment = {
  method: 'POST',
  path: '/v3/signature-requests/{id}/attachments',
  auth: 'user',
} as const satisfies TEndpoint;
export const getAttachment = {
  method: 'GET',
  path: '/v3/signature-requests/{id}/attachments/{att}',
  auth: 'user',
} as const satisfies TEndpoint;
export const deleteAttachment = {
  method: 'DELETE',
  path: '/v3/signature-requests/{id}/attachments/{att}',
  auth: 'user',
} as const satisfies TEndpoint;
export const getAttachmentContent = {
  method: 'GET',
  path: '/v3/signature-requests/{id}/attachments/{att}/content',
  auth: 'user',
} as const satisfies TEndpoint;

// Signing
export const sign = { method: 'POST', path: '/v3/sign', auth: 'user' } as const satisfies TEndpoint;

// Public verification (no account)
export const verifyPdf = {
  method: 'POST',
  path: '/v1/verify',
  auth: 'none',
} as const satisfies TEndpoint;
// Plans, trials and seats
export const listPricePlans = {
  method: 'GET',
  path: '/v2/businesses/price_plans',
  auth: 'none',
} as const satisfies TEndpoint;
export const getSubscriptionUsage = {
  method: 'GET',
  path: '/v2/businesses/{id}/subscriptions/usage',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateSubscriptionSeats = {
  method: 'PUT',
  path: '/v2/businesses/{id}/subscriptions/seats',
  auth: 'user',
} as const satisfies TEndpoint;
export const createSetupIntent = {
  method: 'POST',
  path: '/v2/businesses/{id}/subscriptions/stripe_setup_intent',
  auth: 'user',
} as const satisfies TEndpoint;
export const paymentWebhook = {
  method: 'POST',
  path: '/v2/payments/stripe/webhook',
  auth: 'none',
} as const satisfies TEndpoint;
export const cancelTrial = {
  method: 'POST',
  path: '/v1/businesses/{id}/cancel-trial',
  auth: 'user',
} as const satisfies TEndpoint;
// Prices with VAT, previews, promo and referral codes
export const upgradePreview = {
  method: 'POST',
  path: '/v2/businesses/{id}/subscriptions/upgrade/preview',
  auth: 'user',
} as const satisfies TEndpoint;
export const upgradeSubscription = {
  method: 'PUT',
  path: '/v2/businesses/{id}/subscriptions/upgrade',
  auth: 'user',
} as const satisfies TEndpoint;
export const directUpgradePreview = {
  method: 'POST',
  path: '/v2/businesses/direct_upgrade/preview',
  auth: 'user',
} as const satisfies TEndpoint;
export const seatsPreview = {
  method: 'POST',
  path: '/v2/businesses/{id}/subscriptions/seats/preview',
  auth: 'user',
} as const satisfies TEndpoint;
export const validatePromo = {
  method: 'POST',
  path: '/v2/businesses/{id}/subscriptions/coupons/validate_promo',
  auth: 'user',
} as const satisfies TEndpoint;
export const referralCode = {
  method: 'GET',
  path: '/v2/businesses/{id}/subscriptions/coupons/referral_code',
  auth: 'user',
} as const satisfies TEndpoint;
export const userCello = {
  method: 'POST',
  path: '/v1/user/cello',
  auth: 'user',
} as const satisfies TEndpoint;
export const cancelSubscription = {
  method: 'POST',
  path: '/v2/businesses/{id}/subscriptions/cancel',
  auth: 'user',
} as const satisfies TEndpoint;
export const revokeSubscriptionCancel = {
  method: 'POST',
  path: '/v2/businesses/{id}/subscriptions/revoke_cancel',
  auth: 'user',
} as const satisfies TEndpoint;
export const listInvoices = {
  method: 'GET',
  path: '/v2/businesses/{id}/subscriptions/invoices',
  auth: 'user',
} as const satisfies TEndpoint;
export const getInvoicePdf = {
  method: 'GET',
  path: '/v2/businesses/{id}/subscriptions/invoices/{invoiceId}/pdf',
  auth: 'user',
} as const satisfies TEndpoint;
export const stripePortalSession = {
  method: 'GET',
  path: '/v2/businesses/{id}/stripe/cpsession',
  auth: 'user',
} as const satisfies TEndpoint;
export const chargebeePortalSession = {
  method: 'POST',
  path: '/v2/businesses/{id}/chargebee/portal_session',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateBusinessBilling = {
  method: 'PUT',
  path: '/v2/businesses/{id}/billing',
  auth: 'user',
} as const satisfies TEndpoint;

// An individual's plan and its direct upgrade (shared/src/plan)
export const getUserPlan = {
  method: 'GET',
  path: '/v1/user/plan',
  auth: 'user',
} as const satisfies TEndpoint;
export const createDirectSetupIntent = {
  method: 'POST',
  path: '/v2/businesses/direct_upgrade/stripe_setup_intent',
  auth: 'user',
} as const satisfies TEndpoint;
export const confirmDirectUpgrade = {
  method: 'POST',
  path: '/v2/businesses/direct_upgrade/confirm',
  auth: 'user',
} as const satisfies TEndpoint;
export const cancelIndividualPlan = {
  method: 'POST',
  path: '/v2/businesses/direct_upgrade/cancel',
  auth: 'user',
} as const satisfies TEndpoint;
export const revokeIndividualPlanCancel = {
  method: 'POST',
  path: '/v2/businesses/direct_upgrade/revoke_cancel',
  auth: 'user',
} as const satisfies TEndpoint;
export const individualPortalSession = {
  method: 'POST',
  path: '/v2/businesses/direct_upgrade/portal_session',
  auth: 'user',
} as const satisfies TEndpoint;
export const migrateToFreePlan = {
  method: 'POST',
  path: '/v1/user/plan/free_migration',
  auth: 'user',
} as const satisfies TEndpoint;

// Direct signing without an account (role nas) and the mobile app (MAB): a module of their own,
// so only the direct pages' chunk carries them.
export * from './direct-endpoints.ts';

// Signing with a certificate of one's own: the mobile confirmation
export const proceedSigning = {
  method: 'POST',
  path: '/v3/{provider}/proceed/{id}',
  auth: 'user',
} as const satisfies TEndpoint;

// Identification
export const identificationPayment = {
  method: 'GET',
  path: '/v1/user/identification/payment/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const startIdentification = {
  method: 'POST',
  path: '/v1/user/identification/{provider}/{method}',
  auth: 'user',
} as const satisfies TEndpoint;
export const getIdentification = {
  method: 'GET',
  path: '/v1/user/identification/{provider}/{method}',
  auth: 'user',
} as const satisfies TEndpoint;
export const cancelIdentification = {
  method: 'DELETE',
  path: '/v1/user/identification/{provider}/{method}',
  auth: 'user',
} as const satisfies TEndpoint;
export const signerIdentMethod = {
  method: 'GET',
  path: '/v3/signature-requests/{id}/signatures/{sig}/ident-method',
  auth: 'user',
} as const satisfies TEndpoint;

// Visual signatures
export const listVisualSignatures = {
  method: 'GET',
  path: '/v1/user/visual-signatures',
  auth: 'user',
} as const satisfies TEndpoint;
export const createVisualSignature = {
  method: 'POST',
  path: '/v1/user/visual-signatures',
  auth: 'user',
} as const satisfies TEndpoint;
export const getDefaultVisualSignature = {
  method: 'GET',
  path: '/v1/user/visual-signature',
  auth: 'user',
} as const satisfies TEndpoint;
export const getVisualSignature = {
  method: 'GET',
  path: '/v1/user/visual-signatures/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateVisualSignature = {
  method: 'PUT',
  path: '/v1/user/visual-signatures/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const deleteVisualSignature = {
  method: 'DELETE',
  path: '/v1/user/visual-signatures/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const previewVisualSignature = {
  method: 'GET',
  path: '/v1/user/preview-visual-signature',
  auth: 'user',
} as const satisfies TEndpoint;
export const previewUnsavedVisualSignature = {
  method: 'POST',
  path: '/v1/user/preview-visual-signature',
  auth: 'user',
} as const satisfies TEndpoint;
export const uploadSignatureImage = {
  method: 'POST',
  path: '/v1/images/signature/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSignatureImage = {
  method: 'GET',
  path: '/v1/images/signature/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const deleteSignatureImage = {
  method: 'DELETE',
  path: '/v1/images/signature/{id}',
  auth: 'user',
} as const satisfies TEndpoint;

// API users (spec section 7, Business)

export const listApiUsers = {
  method: 'GET',
  path: '/v1/businesses/{id}/apis',
  auth: 'user',
} as const satisfies TEndpoint;
export const createApiUser = {
  method: 'POST',
  path: '/v1/businesses/{id}/apis',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateApiUser = {
  method: 'PUT',
  path: '/v1/businesses/{id}/apis/{username}',
  auth: 'user',
} as const satisfies TEndpoint;
export const deleteApiUser = {
  method: 'DELETE',
  path: '/v1/businesses/{id}/apis/{username}',
  auth: 'user',
} as const satisfies TEndpoint;
export const resetApiUserKey = {
  method: 'PUT',
  path: '/v1/businesses/{id}/apis/{username}/reset',
  auth: 'user',
} as const satisfies TEndpoint;

// Signer groups (spec section 7)

export const listSignerGroups = {
  method: 'GET',
  path: '/v3/groups',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSignerGroup = {
  method: 'GET',
  path: '/v3/groups/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const createSignerGroup = {
  method: 'POST',
  path: '/v3/groups',
  auth: 'user',
} as const satisfies TEndpoint;
export const updateSignerGroup = {
  method: 'PUT',
  path: '/v3/groups/{id}',
  auth: 'user',
} as const satisfies TEndpoint;
export const deleteSignerGroup = {
  method: 'DELETE',
  path: '/v1/groups/{id}',
  auth: 'user',
} as const satisfies TEndpoint;

// Seals (spec section 7)

export const listSeals = {
  method: 'GET',
  path: '/v1/businesses/{id}/seals',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSeal = {
  method: 'GET',
  path: '/v1/businesses/{id}/seals/{seal}',
  auth: 'user',
} as const satisfies TEndpoint;
export const putSeal = {
  method: 'PUT',
  path: '/v1/businesses/{id}/seals/{seal}',
  auth: 'user',
} as const satisfies TEndpoint;
export const addSealMembers = {
  method: 'POST',
  path: '/v1/businesses/{id}/seals/{seal}/members',
  auth: 'user',
} as const satisfies TEndpoint;
export const removeSealMembers = {
  method: 'DELETE',
  path: '/v1/businesses/{id}/seals/{seal}/members',
  auth: 'user',
} as const satisfies TEndpoint;
export const getSealImage = {
  method: 'GET',
  path: '/v1/businesses/{id}/seals/{seal}/image',
  auth: 'user',
} as const satisfies TEndpoint;
export const uploadSealImage = {
  method: 'POST',
  path: '/v1/businesses/{id}/seals/{seal}/image',
  auth: 'user',
} as const satisfies TEndpoint;
export const deleteSealImage = {
  method: 'DELETE',
  path: '/v1/businesses/{id}/seals/{seal}/image',
  auth: 'user',
} as const satisfies TEndpoint;
