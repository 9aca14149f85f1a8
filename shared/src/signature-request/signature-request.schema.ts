import { z } from 'zod';

/**
 * Signature request status (ARCHITECTURE.md, domain model): DRAFT → OPEN → SIGNED |
 * DECLINED | WITHDRAWN | EXPIRED.
 */
export const REQUEST_STATUSES = [
  'DRAFT',
  'OPEN',
  'SIGNED',
  'DECLINED',
  'WITHDRAWN',
  'EXPIRED',
] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];

/** Signer status; WAITING means an earlier signer in the sequence has not signed yet. */
export const SIGNER_STATUSES = [
  'DRAFT',
  'OPEN',
  'WAITING',
  'SIGNED',
  'DECLINED',
  'WITHDRAWN',
] as const;
export type TSignerStatus = (typeof SIGNER_STATUSES)[number];

/** The colour names of the dashboard (spec section 4). */
export const DASHBOARD_COLOURS = ['to-sign', 'waiting', 'cancelled', 'completed', 'draft'] as const;
export type TDashboardColour = (typeof DASHBOARD_COLOURS)[number];

/** Everything a participant can do to a request; the rules decide when each is legal. */
export const REQUEST_ACTIONS = [
  'update',
  'addDocument',
  'removeDocument',
  'initiate',
  'addSigner',
  'removeSigner',
  'addObserver',
  'removeObserver',
  'sign',
  'decline',
  'withdraw',
  'remind',
  'delegate',
  'delete',
] as const;
export type TRequestAction = (typeof REQUEST_ACTIONS)[number];

/** Default size of a visual signature in PDF points (spec section 9). */
export const VISUAL_SIGNATURE_SIZE = { width: 300, height: 140 } as const;

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

const ZEmail = z
  .email()
  .max(254)
  .transform((e) => e.toLowerCase());
const ZId = z.string().min(1).max(64);

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
  title: z.string().trim().min(1).max(255),
  content: z.base64().min(4),
});
export type TDocumentUpload = z.infer<typeof ZDocumentUploadSchema>;

/** A document of a new request: an uploaded one by id, or a new one inline. */
export const ZRequestDocumentInputSchema = z.union([
  z.strictObject({ document_id: ZId }),
  ZDocumentUploadSchema,
]);

/** `POST …/signatures` and the signers of a new request (spec section 3). */
export const ZAddSignatureSchema = z
  .strictObject({
    account_email: ZEmail.optional(),
    signer_identity_data: z.strictObject({ email_address: ZEmail }).optional(),
    document_signatures: z.array(ZDocumentSignatureSchema).max(50).default([]),
    /** Position in the signing sequence; equal orders sign in parallel. */
    order: z.int().min(0).max(1000).optional(),
  })
  .refine((s) => s.account_email ?? s.signer_identity_data?.email_address, {
    message: 'account_email or signer_identity_data.email_address is required',
    path: ['account_email'],
  });
export type TAddSignature = z.infer<typeof ZAddSignatureSchema>;

/** `POST /v3/signature-requests`. */
export const ZCreateSignatureRequestSchema = z.strictObject({
  title: z.string().trim().min(1).max(255),
  message: z.string().max(5000).optional(),
  documents: z.array(ZRequestDocumentInputSchema).max(20).default([]),
  signatures: z.array(ZAddSignatureSchema).max(50).default([]),
  observers: z.array(ZEmail).max(50).default([]),
});
export type TCreateSignatureRequest = z.infer<typeof ZCreateSignatureRequestSchema>;

/** `PUT /v3/signature-requests/{id}`: update also carries observers. */
export const ZUpdateSignatureRequestSchema = z.strictObject({
  title: z.string().trim().min(1).max(255).optional(),
  message: z.string().max(5000).nullable().optional(),
  observers: z.array(ZEmail).max(50).optional(),
});

export const ZSignerSchema = z.object({
  sid: z.string(),
  account_email: z.string().nullable(),
  signer_identity_data: z.object({ email_address: z.string() }),
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

export const PARTICIPANT_ROLES = ['owner', 'signer', 'observer'] as const;

export const ZSignatureRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string().nullable(),
  status_overall: z.enum(REQUEST_STATUSES),
  owner: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  documents: z.array(ZDocumentSchema),
  signatures: z.array(ZSignerSchema),
  observers: z.array(ZObserverSchema),
  /** The caller's roles on this request. */
  my_roles: z.array(z.enum(PARTICIPANT_ROLES)),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  initiated_at: z.iso.datetime().nullable(),
  completed_at: z.iso.datetime().nullable(),
});
export type TSignatureRequest = z.infer<typeof ZSignatureRequestSchema>;

export const LIST_PAGE_SIZES = [25, 50, 100] as const;
export const LIST_SORT_FIELDS = ['created_at', 'updated_at', 'title', 'status'] as const;

/** `GET /v3/signature-requests-redesign` query (spec section 3, list query). */
export const ZSignatureRequestListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n), 'size must be 25, 50 or 100')
    .default(25),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  sortBy: z.enum(LIST_SORT_FIELDS).default('updated_at'),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  /** Which date dateFrom/dateTo filter on. */
  dateTimeMode: z.enum(['created', 'updated']).default('updated'),
  /** Comma-joined statuses, e.g. `OPEN,SIGNED`. */
  status: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const list = s.split(',').map((x) => x.trim().toUpperCase());
      const bad = list.filter((x) => !(REQUEST_STATUSES as readonly string[]).includes(x));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `unknown status ${bad.join(', ')}` });
        return z.NEVER;
      }
      return list as TRequestStatus[];
    }),
  search: z.string().max(200).optional(),
  /** me: requests I sent; others: requests sent to me; all (default). */
  sendBy: z.enum(['me', 'others', 'all']).default('all'),
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

export const ZSignatureRequestListSchema = z.object({
  items: z.array(ZSignatureRequestListItemSchema),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});

/** One entry of `POST /v3/sign` (the body is a batch: an array of these). */
export const ZSignPayloadSchema = z.strictObject({
  signatureRequestId: ZId,
  signingName: z.string().trim().min(1).max(200).optional(),
  signingReason: z.string().max(200).optional(),
  documentSignatures: z.array(ZDocumentSignatureSchema).max(50).optional(),
  language: z.enum(['en', 'de', 'fr', 'it']).default('en'),
  tan: z.string().max(20).optional(),
  sealAccountName: z.string().max(100).optional(),
});
export const ZSignBatchSchema = z.array(ZSignPayloadSchema).min(1).max(50);

export const ZSignResultSchema = z.array(
  z.object({
    signatureRequestId: z.string(),
    ok: z.boolean(),
    status_overall: z.enum(REQUEST_STATUSES).optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
);

/** Event types of the evidence log (issue: evidence). */
export const EVENT_TYPES = [
  'created',
  'initiated',
  'viewed',
  'signed',
  'declined',
  'withdrawn',
  'delegated',
  'reminded',
  'downloaded',
  'signer_added',
  'signer_removed',
  'observer_added',
  'observer_removed',
  'document_added',
  'document_removed',
  'completed',
  'deleted',
] as const;
export type TEventType = (typeof EVENT_TYPES)[number];

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
export const ZRequestDocumentParamsSchema = z.object({ id: ZId, docId: ZId });
export const ZRequestSignerParamsSchema = z.object({ id: ZId, sig: ZId });
export const ZRequestObserverParamsSchema = z.object({ id: ZId, o: ZId });

/** `POST …/documents`: one document, uploaded before (document_id) or inline (title, content). */
export const ZAddRequestDocumentSchema = ZRequestDocumentInputSchema;

/** `POST …/observers` */
export const ZAddObserverSchema = z.strictObject({ email: ZEmail });

/** `POST …/decline` (by a signer) */
export const ZDeclineSchema = z.strictObject({ message: z.string().trim().max(2000).default('') });
/** `POST …/withdraw` (by the owner, only while OPEN) */
export const ZWithdrawSchema = z.strictObject({ message: z.string().trim().max(2000).default('') });

/** `POST …/delegate`: a signer hands their signature to another address. */
export const ZDelegateSchema = z.strictObject({
  email: ZEmail,
  message: z.string().trim().max(2000).optional(),
});

/** `POST …/remind` result: the addresses reminded now. */
export const ZRemindResultSchema = z.object({ reminded: z.array(z.string()) });

/** `GET …/status` */
export const ZRequestStatusSchema = z.object({
  id: z.string(),
  status_overall: z.enum(REQUEST_STATUSES),
  signatures: z.array(
    z.object({ sid: z.string(), email: z.string(), status_code: z.enum(SIGNER_STATUSES) }),
  ),
});

/** `GET …/lock-status`: locked while a signature is being applied. */
export const ZLockStatusSchema = z.object({ locked: z.boolean() });

/** `GET …/events`: the evidence log, oldest first, with the result of the chain check. */
export const ZEventListSchema = z.object({
  events: z.array(ZEventSchema),
  integrity: z.object({ ok: z.boolean(), brokenAt: z.int().optional() }),
});

/**
 * `GET /v3/sendto/{id}/get-internal`: what an invitation sent to an address that is not the
 * caller's account (a shared mailbox) is about. `{id}` is the claim token from the invitation
 * mail (not the request id), so only someone who has the mail can claim the slot.
 */
export const ZSendtoParamsSchema = z.object({ id: z.string().min(16).max(128) });
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

/** `GET /v1/email_input_autocomplete?input=` */
export const ZAutocompleteQuerySchema = z.strictObject({
  input: z.string().trim().max(254).default(''),
});
export const ZAutocompleteSchema = z.object({ emails: z.array(z.string()).max(10) });

/** `{ status: 'ok' }` for calls that only confirm. */
export const ZRequestOkSchema = z.object({ status: z.literal('ok') });
