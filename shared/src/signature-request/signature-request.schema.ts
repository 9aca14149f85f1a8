import { z } from 'zod';
import { ZCallbackUrlsSchema } from '../api-user/api-user.schema.ts';
import { toE164 } from '../direct-sign/direct-sign.rules.ts';
import { ZExitUrlStateSchema, ZExitUrlsInputSchema } from '../exit-url/exit-url.schema.ts';
import { LANG_CODES } from '../i18n/lang.constants.ts';
import { ZEmailSchema } from '../validation/validation.schema.ts';
import {
  DASHBOARD_COLOURS,
  DATE_TIME_MODES,
  DEFAULT_SIGNING_LANGUAGE,
  EVENT_TYPES,
  LIST_PAGE_SIZES,
  LIST_SEARCH_MAX_LENGTH,
  LIST_SORT_FIELDS,
  PARTICIPANT_ROLES,
  REMINDER_INTERVAL_DAYS,
  REQUEST_LIMITS,
  REQUEST_STATUSES,
  SEND_BY,
  SIGNER_ORDER,
  SIGNER_STATUSES,
  SIGNING_LANGUAGES,
  SORT_ORDERS,
  type TDashboardColour,
  type TRequestStatus,
  VISUAL_SIGNATURE_SIZE,
} from './signature-request.constants.ts';

export * from './signature-request.constants.ts';

/**
 * Where a signer's visual signature goes: a page (1-based) and a box in PDF points,
 * measured from the page's top-left corner (the way the page image shows it).
 */
export const ZDocumentSignatureSchema = z.strictObject({
  document_id: z.string().min(1),
  page: z.int().min(1),
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive().max(2000).default(VISUAL_SIGNATURE_SIZE.width),
  height: z.number().positive().max(2000).default(VISUAL_SIGNATURE_SIZE.height),
});
export type TDocumentSignature = z.infer<typeof ZDocumentSignatureSchema>;

const ZId = z.string().min(1).max(64);

/**
 * When an open request expires (ISO date-time); the server checks it lies between an hour and
 * `REQUEST_EXPIRY.maxDays` ahead (400 EXPIRY_INVALID). Unset: `REQUEST_EXPIRY.defaultDays` after
 * sending.
 */
const ZExpiresAt = z.iso.datetime({ offset: true });
/** Days between automatic reminders to the signer whose turn it is; null: none (the default). */
const ZReminderInterval = z
  .int()
  .min(REMINDER_INTERVAL_DAYS.min)
  .max(REMINDER_INTERVAL_DAYS.max)
  .nullable();
const ZTitle = z.string().trim().min(1).max(REQUEST_LIMITS.titleMaxLength);
const ZNote = z.string().trim().max(REQUEST_LIMITS.noteMaxLength);

/** A stored PDF (spec section 7, Documents). */
export const ZDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  content_type: z.literal('application/pdf'),
  size: z.int(),
  page_count: z.int(),
  /** SHA-256 (hex) of the uploaded bytes. */
  sha256: z.string(),
  /** SHA-256 (hex) of the latest signed version, null until someone signed. */
  signed_sha256: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type TDocument = z.infer<typeof ZDocumentSchema>;

/** Upload as JSON for API clients: the PDF as base64. */
export const ZDocumentUploadSchema = z.strictObject({
  title: ZTitle,
  content: z.base64().min(4),
});
export type TDocumentUpload = z.infer<typeof ZDocumentUploadSchema>;

/** A document of a new request: an uploaded one by id, or a new one inline. */
export const ZRequestDocumentInputSchema = z.union([
  z.strictObject({ document_id: ZId }),
  ZDocumentUploadSchema,
]);
export type TRequestDocumentInput = z.infer<typeof ZRequestDocumentInputSchema>;

/**
 * Who a signer is when named by identity rather than by account: the address, and for a direct
 * signer optionally the name shown and prefilled, a mobile number for SMS codes (international
 * format, e.g. +41 79 123 45 67) and the language of the direct pages and mails (`it` allowed).
 */
export const ZSignerIdentityDataSchema = z.strictObject({
  email_address: ZEmailSchema,
  first_name: z.string().trim().min(1).max(100).optional(),
  last_name: z.string().trim().min(1).max(100).optional(),
  mobile_number: z
    .string()
    .trim()
    .refine((v) => toE164(v) !== null, {
      error: 'A mobile number in international format, e.g. +41 79 123 45 67',
    })
    .transform((v) => toE164(v) as string)
    .optional(),
  language: z.enum(LANG_CODES).optional(),
});
export type TSignerIdentityData = z.infer<typeof ZSignerIdentityDataSchema>;

/** `POST …/signatures` and the signers of a new request (spec section 3). */
export const ZAddSignatureSchema = z
  .strictObject({
    account_email: ZEmailSchema.optional(),
    signer_identity_data: ZSignerIdentityDataSchema.optional(),
    document_signatures: z.array(ZDocumentSignatureSchema).max(50).default([]),
    /** Position in the signing sequence; equal orders sign in parallel. */
    order: z.int().min(SIGNER_ORDER.min).max(SIGNER_ORDER.max).optional(),
    /**
     * A direct signer signs from their signing link without an account (role nas); the request
     * must allow direct signing (`direct_sign`).
     */
    direct: z.boolean().optional(),
  })
  .refine((s) => s.account_email ?? s.signer_identity_data?.email_address, {
    message: 'account_email or signer_identity_data.email_address is required',
    path: ['account_email'],
  });
export type TAddSignature = z.infer<typeof ZAddSignatureSchema>;

/** `POST /v3/signature-requests`. */
export const ZCreateSignatureRequestSchema = z.strictObject({
  title: ZTitle,
  message: z.string().max(REQUEST_LIMITS.messageMaxLength).optional(),
  documents: z.array(ZRequestDocumentInputSchema).max(REQUEST_LIMITS.documentsMax).default([]),
  signatures: z.array(ZAddSignatureSchema).max(REQUEST_LIMITS.signersMax).default([]),
  observers: z.array(ZEmailSchema).max(REQUEST_LIMITS.observersMax).default([]),
  /**
   * Allows direct signers on this request (the switch until the business setting
   * `mabSettings.directSign.enabled` exists).
   */
  direct_sign: z.boolean().default(false),
  /** Where direct signers go afterwards (spec section 5); URLs that are not http(s) are ignored. */
  exit_urls: ZExitUrlsInputSchema.optional(),
  expires_at: ZExpiresAt.optional(),
  reminder_interval_days: ZReminderInterval.optional(),
  /** Where Signet POSTs the request's status (requests created by an API user only). */
  ...ZCallbackUrlsSchema.shape,
});
export type TCreateSignatureRequest = z.infer<typeof ZCreateSignatureRequestSchema>;

/**
 * `PUT /v3/signature-requests/{id}`: update also carries observers; expiry and reminders change
 * until the request finishes.
 */
export const ZUpdateSignatureRequestSchema = z.strictObject({
  title: ZTitle.optional(),
  message: z.string().max(REQUEST_LIMITS.messageMaxLength).nullable().optional(),
  observers: z.array(ZEmailSchema).max(REQUEST_LIMITS.observersMax).optional(),
  expires_at: ZExpiresAt.optional(),
  reminder_interval_days: ZReminderInterval.optional(),
});
export type TUpdateSignatureRequest = z.infer<typeof ZUpdateSignatureRequestSchema>;

export const ZSignerSchema = z.object({
  sid: z.string(),
  account_email: z.string().nullable(),
  signer_identity_data: z.object({
    email_address: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    /** Shown to the request's owner only (null for everyone else). */
    mobile_number: z.string().nullable(),
    language: z.enum(LANG_CODES).nullable(),
  }),
  /** Signs from a signing link without an account. */
  direct: z.boolean(),
  /**
   * The direct signer's signing link `/view/{id}/{userid}` with the request's exit URLs: shown
   * to the request's owner only, while the request is open; null otherwise.
   */
  signing_url: z.string().nullable(),
  /**
   * The signer's name as far as it is known: the name they signed with, else their account's,
   * else the one the sender gave; null when only the address is known.
   */
  name: z.string().nullable(),
  status_code: z.enum(SIGNER_STATUSES),
  order: z.int(),
  signed_at: z.iso.datetime().nullable(),
  declined_at: z.iso.datetime().nullable(),
  decline_message: z.string().nullable(),
  last_reminded_at: z.iso.datetime().nullable(),
  /** The address this signature was delegated from, when it was. */
  delegated_from: z.string().nullable(),
  document_signatures: z.array(ZDocumentSignatureSchema),
});
export type TSigner = z.infer<typeof ZSignerSchema>;

export const ZObserverSchema = z.object({ id: z.string(), email: z.string() });
export type TObserver = z.infer<typeof ZObserverSchema>;

export const ZSignatureRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string().nullable(),
  status_overall: z.enum(REQUEST_STATUSES),
  owner: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  /**
   * The business it was sent for (its owner's): what signers see of it comes from
   * `GET /v2/businesses/{id}/public-information` (name, logo, support contact, Part 11).
   */
  business_id: z.string().nullable(),
  documents: z.array(ZDocumentSchema),
  signatures: z.array(ZSignerSchema),
  observers: z.array(ZObserverSchema),
  /** The caller's roles on this request. */
  my_roles: z.array(z.enum(PARTICIPANT_ROLES)),
  /** Whether the request allows direct signers. */
  direct_sign: z.boolean(),
  /** Where direct signers go afterwards, as parsed (spec section 5); null when none was given. */
  exit_urls: ZExitUrlStateSchema.nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  initiated_at: z.iso.datetime().nullable(),
  completed_at: z.iso.datetime().nullable(),
  /**
   * When the request expires while open: the sender's date, or the default once sent; null for a
   * draft without a chosen date and for a request that finished otherwise.
   */
  expires_at: z.iso.datetime().nullable(),
  /** Days between automatic reminders; null: none. */
  reminder_interval_days: z.int().nullable(),
  /**
   * When "Remind" next reaches somebody (now or later; the owner's, while open); null when no
   * signer can be reminded.
   */
  remind_available_at: z.iso.datetime().nullable(),
  /**
   * How a request that did not complete ended: declined (by the signer, with their message),
   * withdrawn (by the owner, with theirs) or expired; null otherwise.
   */
  closed: z
    .object({
      status: z.enum(['DECLINED', 'WITHDRAWN', 'EXPIRED']),
      at: z.iso.datetime(),
      by: z.object({ email: z.string(), name: z.string().nullable() }).nullable(),
      message: z.string().nullable(),
    })
    .nullable(),
});
export type TSignatureRequest = z.infer<typeof ZSignatureRequestSchema>;

/** A comma-joined list of one enum (`OPEN,SIGNED`), case-insensitive, each value once. */
function commaList<const T extends string>(values: readonly T[], name: string, upper: boolean) {
  return z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const list = s
        .split(',')
        .map((x) => (upper ? x.trim().toUpperCase() : x.trim().toLowerCase()))
        .filter(Boolean);
      const bad = list.filter((x) => !(values as readonly string[]).includes(x));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `unknown ${name} ${bad.join(', ')}` });
        return z.NEVER;
      }
      return list.length > 0 ? [...new Set(list as T[])] : undefined;
    });
}

/** `GET /v3/signature-requests-redesign` query (spec section 3, list query). */
export const ZSignatureRequestListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n), {
      error: `size must be ${LIST_PAGE_SIZES.join(', ')}`,
    })
    .default(LIST_PAGE_SIZES[0]),
  sortOrder: z.enum(SORT_ORDERS).default('desc'),
  sortBy: z.enum(LIST_SORT_FIELDS).default('updated_at'),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  /** Which date dateFrom/dateTo filter on. */
  dateTimeMode: z.enum(DATE_TIME_MODES).default('updated'),
  /** Comma-joined statuses, e.g. `OPEN,SIGNED`. */
  status: commaList<TRequestStatus>(REQUEST_STATUSES, 'status', true),
  /**
   * Comma-joined dashboard colours as the caller sees them, e.g. `to-sign,waiting` (to-sign:
   * the caller's signature is due now; waiting: open, but not on the caller).
   */
  colour: commaList<TDashboardColour>(DASHBOARD_COLOURS, 'colour', false),
  search: z.string().max(LIST_SEARCH_MAX_LENGTH).optional(),
  /** me: requests I sent; others: requests sent to me; all (default). */
  sendBy: z.enum(SEND_BY).default('all'),
});
export type TSignatureRequestListQuery = z.infer<typeof ZSignatureRequestListQuerySchema>;

export const ZSignatureRequestListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  status_overall: z.enum(REQUEST_STATUSES),
  colour: z.enum(DASHBOARD_COLOURS),
  owner: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  signers: z.array(z.object({ email: z.string(), status_code: z.enum(SIGNER_STATUSES) })),
  document_count: z.int(),
  my_roles: z.array(z.enum(PARTICIPANT_ROLES)),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TSignatureRequestListItem = z.infer<typeof ZSignatureRequestListItemSchema>;

/** A page of the list: `total` counts every request the filters match, not only this page. */
export const ZSignatureRequestListSchema = z.object({
  items: z.array(ZSignatureRequestListItemSchema),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});
export type TSignatureRequestList = z.infer<typeof ZSignatureRequestListSchema>;

/** One entry of `POST /v3/sign` (the body is a batch: an array of these). */
export const ZSignPayloadSchema = z.strictObject({
  signatureRequestId: ZId,
  signingName: z.string().trim().min(1).max(REQUEST_LIMITS.signingNameMaxLength).optional(),
  signingReason: z.string().max(REQUEST_LIMITS.signingReasonMaxLength).optional(),
  documentSignatures: z.array(ZDocumentSignatureSchema).max(50).optional(),
  language: z.enum(SIGNING_LANGUAGES).default(DEFAULT_SIGNING_LANGUAGE),
  tan: z.string().max(20).optional(),
  sealAccountName: z.string().max(100).optional(),
});
export type TSignPayload = z.infer<typeof ZSignPayloadSchema>;
export const ZSignBatchSchema = z.array(ZSignPayloadSchema).min(1).max(50);
export type TSignBatch = z.infer<typeof ZSignBatchSchema>;

export const ZSignResultSchema = z.array(
  z.object({
    signatureRequestId: z.string(),
    ok: z.boolean(),
    status_overall: z.enum(REQUEST_STATUSES).optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
);
export type TSignResult = z.infer<typeof ZSignResultSchema>;

export const ZEventSchema = z.object({
  seq: z.int(),
  type: z.enum(EVENT_TYPES),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  at: z.iso.datetime(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  document_sha256: z.array(z.string()),
  data: z.record(z.string(), z.unknown()),
  hash: z.string(),
  prev_hash: z.string(),
});
export type TEvent = z.infer<typeof ZEventSchema>;

// ---------------------------------------------------------------------------------------------
// Parameters and bodies of the request calls (spec section 7, Signature requests).

/** `{id}` of a request. Malformed ids are answered like unknown ones (404) by the server. */
export const ZRequestIdParamsSchema = z.object({ id: ZId });
export type TRequestIdParams = z.infer<typeof ZRequestIdParamsSchema>;
export const ZRequestDocumentParamsSchema = z.object({ id: ZId, docId: ZId });
export type TRequestDocumentParams = z.infer<typeof ZRequestDocumentParamsSchema>;
export const ZRequestSignerParamsSchema = z.object({ id: ZId, sig: ZId });
export type TRequestSignerParams = z.infer<typeof ZRequestSignerParamsSchema>;
export const ZRequestObserverParamsSchema = z.object({ id: ZId, o: ZId });
export type TRequestObserverParams = z.infer<typeof ZRequestObserverParamsSchema>;

/** `POST …/documents`: one document, uploaded before (document_id) or inline (title, content). */
export const ZAddRequestDocumentSchema = ZRequestDocumentInputSchema;
export type TAddRequestDocument = z.infer<typeof ZAddRequestDocumentSchema>;

/** `POST …/observers` */
export const ZAddObserverSchema = z.strictObject({ email: ZEmailSchema });
export type TAddObserver = z.infer<typeof ZAddObserverSchema>;

/** `POST …/decline` (by a signer) */
export const ZDeclineSchema = z.strictObject({ message: ZNote.default('') });
export type TDecline = z.infer<typeof ZDeclineSchema>;
/** `POST …/withdraw` (by the owner, only while OPEN) */
export const ZWithdrawSchema = z.strictObject({ message: ZNote.default('') });
export type TWithdraw = z.infer<typeof ZWithdrawSchema>;

/** `POST …/delegate`: a signer hands their signature to another address. */
export const ZDelegateSchema = z.strictObject({
  email: ZEmailSchema,
  message: ZNote.optional(),
});
export type TDelegate = z.infer<typeof ZDelegateSchema>;

/** `POST …/remind` result: the addresses reminded now. */
export const ZRemindResultSchema = z.object({ reminded: z.array(z.string()) });
export type TRemindResult = z.infer<typeof ZRemindResultSchema>;

/** `GET …/status` */
export const ZSignatureRequestStatusSchema = z.object({
  id: z.string(),
  status_overall: z.enum(REQUEST_STATUSES),
  signatures: z.array(
    z.object({ sid: z.string(), email: z.string(), status_code: z.enum(SIGNER_STATUSES) }),
  ),
});
export type TSignatureRequestStatus = z.infer<typeof ZSignatureRequestStatusSchema>;

/** `GET …/lock-status`: locked while a signature is being applied. */
export const ZLockStatusSchema = z.object({ locked: z.boolean() });
export type TLockStatus = z.infer<typeof ZLockStatusSchema>;

/** `GET …/events`: the evidence log, oldest first, with the result of the chain check. */
export const ZEventListSchema = z.object({
  events: z.array(ZEventSchema),
  integrity: z.object({ ok: z.boolean(), brokenAt: z.int().optional() }),
});
export type TEventList = z.infer<typeof ZEventListSchema>;

/**
 * `GET /v3/sendto/{id}/get-internal`: what an invitation sent to an address that is not the
 * caller's account (a shared mailbox) is about. `{id}` is the claim token from the invitation
 * mail (not the request id), so only someone who has the mail can claim the slot.
 */
export const ZSendtoParamsSchema = z.object({ id: z.string().min(16).max(128) });
export type TSendtoParams = z.infer<typeof ZSendtoParamsSchema>;
export const ZSendtoSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status_overall: z.enum(REQUEST_STATUSES),
  owner: z.object({ email: z.string(), name: z.string() }),
  /** The signer slot the link is for. */
  signer: z.object({ sid: z.string(), email: z.string(), status_code: z.enum(SIGNER_STATUSES) }),
  /** Whether the caller may claim it now (an open slot, and the caller is not a signer yet). */
  claimable: z.boolean(),
});
export type TSendtoSummary = z.infer<typeof ZSendtoSummarySchema>;

/** `GET /v1/email_input_autocomplete?input=` */
export const ZAutocompleteQuerySchema = z.strictObject({
  input: z.string().trim().max(254).default(''),
});
export type TAutocompleteQuery = z.infer<typeof ZAutocompleteQuerySchema>;
export const ZAutocompleteSchema = z.object({ emails: z.array(z.string()).max(10) });
export type TAutocomplete = z.infer<typeof ZAutocompleteSchema>;

/** `{ status: 'ok' }` for calls that only confirm. */
export const ZRequestOkSchema = z.object({ status: z.literal('ok') });
export type TRequestOk = z.infer<typeof ZRequestOkSchema>;
