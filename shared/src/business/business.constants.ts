/** Business enums, limits and the settings' defaults (spec sections 3, 4 and 9), zod-free. */
import type { TBusinessSettings } from './business.schema.ts';

/** Roles a user holds in a business; an admin is also a member. */
export const BUSINESS_ROLES = ['admin', 'member'] as const;
export type TBusinessRole = (typeof BUSINESS_ROLES)[number];

/** The signup flow of a business (`flow` of the confirmation link): it continues in the console. */
export const BUSINESS_SIGNUP_FLOW = 'business';

/** Longest business name. */
export const BUSINESS_NAME_MAX_LENGTH = 200;

/** Longest cost centre a member can be given (it groups the usage report). */
export const COST_CENTRE_MAX_LENGTH = 60;

/** Columns the members list sorts by (`GET /v1/businesses/{id}/members?sort=`). */
export const MEMBER_SORT_FIELDS = ['joinedAt', 'email', 'lastName', 'role', 'costCentre'] as const;

/** How many addresses one invitation call may name. */
export const INVITE_MAX_ADDRESSES = 50;

/**
 * Days between `DELETE /v2/businesses/{id}` and the deletion itself; until then an admin may
 * revoke it (`POST …/revoke_delete`).
 */
export const BUSINESS_DELETION_GRACE_DAYS = 14;

/** An invitation's life: pending until the invitee answers, or an admin cancels it. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type TInvitationStatus = (typeof INVITATION_STATUSES)[number];

/** How an invitation came about: an admin invited the address, or it matched a verified domain. */
export const INVITATION_SOURCES = ['invite', 'domain'] as const;
export type TInvitationSource = (typeof INVITATION_SOURCES)[number];

/** A domain's verification: pending until its TXT record is found (verified) or the window ends. */
export const DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export type TDomainStatus = (typeof DOMAIN_STATUSES)[number];

/**
 * The DNS TXT record that proves a domain: at `_signet-verification.<domain>`, the value
 * `signet-verification=<token>` (the token is shown with the domain).
 */
export const DOMAIN_TXT = {
  label: '_signet-verification',
  valuePrefix: 'signet-verification=',
} as const;

/** How long a pending domain is checked before it counts as failed (hours). */
export const DOMAIN_VERIFY_WINDOW_HOURS = 72;

/** Retention (auto-deletion): days a finished request is kept after its terminal state. */
export const RETENTION_DAYS = { min: 1, max: 3650, default: 30 } as const;

/** Company logo upload: PNG or JPEG, at most this many bytes and pixels a side. */
export const LOGO_LIMITS = {
  maxBytes: 512 * 1024,
  maxSide: 4000,
  types: ['image/png', 'image/jpeg'],
} as const;

/**
 * What an admin may change with `PUT /v1/businesses/{id}/settings`; everything else of the
 * settings comes with the plan (signer-group limits, affiliate, the `customisable` flags).
 */
export const EDITABLE_SETTINGS = [
  'supportContact',
  'signatureRequests.retention',
  'signatureRequests.part11',
  'mabSettings.directSign',
  'userPilot',
  'mailService.attachments.enabled',
] as const;

/** A business's settings before anyone changed them (spec section 3; signer groups default 0). */
export const DEFAULT_BUSINESS_SETTINGS: TBusinessSettings = {
  signerGroups: { maxGroups: 0, maxParticipants: 0 },
  supportContact: { email: '', phone: '' },
  signatureRequests: {
    retention: { enabled: false, terminalState: RETENTION_DAYS.default },
    part11: { enabled: false },
  },
  affiliate: { enabled: false },
  mabSettings: { directSign: { enabled: false } },
  userPilot: { enabled: false },
  companyBranding: { logo: null },
  mailService: {
    attachments: {
      signedDocument: { enabled: false, customisable: true },
      signatureProtocol: { enabled: false, customisable: true },
    },
  },
};

/** What happened to the business's accounts, domains and settings (the "accounts" activity). */
export const ACCOUNT_EVENT_TYPES = [
  'business_created',
  'member_invited',
  'member_joined',
  'invitation_declined',
  'invitation_cancelled',
  'member_promoted',
  'member_demoted',
  'member_removed',
  'member_left',
  'domain_added',
  'domain_verified',
  'domain_failed',
  'domain_removed',
  'profile_changed',
  'settings_changed',
  'deletion_scheduled',
  'deletion_revoked',
  'api_user_created',
  'api_user_renamed',
  'api_user_key_reset',
  'api_user_deleted',
  /** A call of an API user (method, path, status in `data`; the username as subject). */
  'api_call',
  /** One attempt of a request's callback (URL, status or error in `data`). */
  'api_callback',
] as const;
export type TAccountEventType = (typeof ACCOUNT_EVENT_TYPES)[number];

/** Business error codes the browsers react to. */
export const BUSINESS_ERRORS = {
  lastAdmin: 'LAST_BUSINESS_ADMIN',
  otherBusiness: 'MEMBER_OF_OTHER_BUSINESS',
  alreadyMember: 'ALREADY_MEMBER',
  notEditable: 'SETTING_NOT_EDITABLE',
  domainTaken: 'DOMAIN_TAKEN',
  notScheduled: 'DELETION_NOT_SCHEDULED',
  noInvitation: 'NO_PENDING_INVITATION',
} as const;
