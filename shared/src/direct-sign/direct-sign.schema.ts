import { z } from 'zod';
import { LANG_CODES } from '../i18n/lang.rules.ts';
import { ZSignatureRequestSchema } from '../signature-request/signature-request.schema.ts';
import {
  LEGISLATIONS,
  SIGNATURE_QUALITIES,
  ZSignatureQualitiesSchema,
} from '../user/user.schema.ts';
import {
  DIRECT_SIGNING_METHODS,
  MAB_SIGNING_STATUSES,
  TAN,
  TAN_CHANNELS,
  TAN_PATTERN,
} from './direct-sign.constants.ts';

/**
 * The calls of a direct signer (role nas, spec section 7): Basic credentials from the signing
 * link, or the document token in `?token=` for downloads and page images.
 */

const ZId = z.string().min(1).max(64);
const ZName = z.string().trim().min(1).max(100);

/** The direct signer as the calls show them to themselves. */
export const ZDirectSignerSchema = z.object({
  sid: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** Masked (`•••• 67`); null when the request's creator gave none. */
  mobile: z.string().nullable(),
  language: z.enum(LANG_CODES).nullable(),
  status_code: z.string(),
  /** What the request asks of this slot (null: nothing more than SES). */
  signature_level: z.enum(SIGNATURE_QUALITIES).nullable(),
  /**
   * What the signer must prove before signing (the slot asks for AES or QES and their
   * identification has not proven it: the identification page); null when they may sign.
   */
  required_standard: z
    .object({ quality: z.enum(SIGNATURE_QUALITIES), legislation: z.enum(LEGISLATIONS) })
    .nullable(),
});
export type TDirectSigner = z.infer<typeof ZDirectSignerSchema>;

/** `GET /v3/direct/signature-requests/{id}`: the request as its direct signer sees it. */
export const ZDirectSignatureRequestSchema = ZSignatureRequestSchema.extend({
  me: ZDirectSignerSchema,
  /** The business that sent it (for `…/public-information`), or null for a private sender. */
  business_id: z.string().nullable(),
  /** How the signer can confirm the signature: a TAN, and the mobile app when available. */
  signing_methods: z.array(z.enum(DIRECT_SIGNING_METHODS)),
  /** `?token=` for the direct document calls; renewed with every read of the request. */
  document_token: z.string(),
  document_token_expires_at: z.iso.datetime(),
});
export type TDirectSignatureRequest = z.infer<typeof ZDirectSignatureRequestSchema>;

/** `{ token }` query of the direct document calls (optional when Basic credentials are sent). */
export const ZDirectTokenQuerySchema = z.strictObject({
  token: z.string().max(300).optional(),
});
export type TDirectTokenQuery = z.infer<typeof ZDirectTokenQuerySchema>;

/** `POST /v3/direct/sign`: one request, the TAN checked before (tan/check) or given here. */
export const ZDirectSignSchema = z.strictObject({
  signatureRequestId: ZId,
  signingName: z.string().trim().min(1).max(200).optional(),
  signingReason: z.string().max(200).optional(),
  language: z.enum(LANG_CODES).default('en'),
  tan: z.string().regex(TAN_PATTERN).optional(),
});
export type TDirectSign = z.infer<typeof ZDirectSignSchema>;

export const ZDirectSignResultSchema = z.object({
  signatureRequestId: z.string(),
  ok: z.literal(true),
  status_overall: z.string(),
});
export type TDirectSignResult = z.infer<typeof ZDirectSignResultSchema>;

/** `GET /v1/direct/user`: the direct signer's identity (user-like). */
export const ZDirectUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  attributes: z.object({
    lang: z.enum(LANG_CODES),
    /** Masked; a direct signer cannot change it (it receives the SMS codes). */
    mobile: z.string().nullable(),
    /** Identification providers whose terms of use the signer accepted (`tou_{provider}`). */
    acceptedTou: z.array(z.string()),
  }),
});
export type TDirectUser = z.infer<typeof ZDirectUserSchema>;

/** `PUT /v1/direct/user`: the name and the language (Italian included). */
export const ZUpdateDirectUserSchema = z.strictObject({
  firstName: ZName.optional(),
  lastName: ZName.optional(),
  attributes: z.strictObject({ lang: z.enum(LANG_CODES).optional() }).optional(),
});
export type TUpdateDirectUser = z.infer<typeof ZUpdateDirectUserSchema>;

/** `GET /v3/direct/user/signature-qualities-detail` */
export const ZDirectSignatureQualitiesSchema = ZSignatureQualitiesSchema;
export type TDirectSignatureQualities = z.infer<typeof ZDirectSignatureQualitiesSchema>;

/** `GET /v1/direct/visual-signature`: what the visual signature will say, in the signer's language. */
export const ZDirectVisualSignatureSchema = z.object({
  name: z.string(),
  language: z.enum(LANG_CODES),
  /** The quality the slot will be signed with (SES, or what the signer's identification proved). */
  quality: z.enum(SIGNATURE_QUALITIES),
  /** The lines of the appearance, top to bottom, as they will be drawn (the time is now). */
  lines: z.array(z.string()),
  width: z.number(),
  height: z.number(),
});
export type TDirectVisualSignature = z.infer<typeof ZDirectVisualSignatureSchema>;

export const ZDirectBusinessParamsSchema = z.object({ id: ZId });
export type TDirectBusinessParams = z.infer<typeof ZDirectBusinessParamsSchema>;

/**
 * `POST /v1/direct/tan/resend` (spec: url, subject, companyBranding). `url`: the page the signer
 * is on (must be their own signing link; the mail links back to it); `subject`: the mail's
 * subject line; `companyBranding`: name the sending business in the message; `channel`: mail
 * or sms (default sms when the creator gave a mobile number).
 */
export const ZTanResendSchema = z.strictObject({
  url: z.string().max(4000).optional(),
  subject: z
    .string()
    .trim()
    .min(1)
    .max(150)
    .regex(/^[^\r\n]*$/)
    .optional(),
  companyBranding: z.boolean().optional(),
  channel: z.enum(TAN_CHANNELS).optional(),
});
export type TTanResend = z.infer<typeof ZTanResendSchema>;
export const ZTanSentSchema = z.object({
  channel: z.enum(TAN_CHANNELS),
  /** Masked destination: `g•••@example.it` or `•••• 67`. */
  sentTo: z.string(),
  expiresAt: z.iso.datetime(),
});
export type TTanSent = z.infer<typeof ZTanSentSchema>;

/** `POST /v1/direct/tan/check` */
export const ZTanCheckSchema = z.strictObject({ tan: z.string().trim().max(20) });
export type TTanCheck = z.infer<typeof ZTanCheckSchema>;
export const ZTanCheckResultSchema = z.object({
  valid: z.literal(true),
  /** Sign before this; the TAN is used up by the signature. */
  expiresAt: z.iso.datetime(),
});
export type TTanCheckResult = z.infer<typeof ZTanCheckResultSchema>;

/** Details of a refused TAN: tries left before the lock. */
export const ZTanFailureDetailsSchema = z.object({
  attemptsLeft: z.int().min(0).max(TAN.maxTries),
});
export type TTanFailureDetails = z.infer<typeof ZTanFailureDetailsSchema>;

/** `POST /v3/mab/create-par/{id}/signatures/{sig}` */
export const ZMabParParamsSchema = z.object({ id: ZId, sig: ZId });
export type TMabParParams = z.infer<typeof ZMabParParamsSchema>;
export const ZMabCreateParSchema = z.strictObject({
  language: z.enum(LANG_CODES).default('en'),
  /** The exit-url query of the signing page, handed back with the result. */
  redirect_query_params: z.string().max(6000).default(''),
});
export type TMabCreatePar = z.infer<typeof ZMabCreateParSchema>;
export const ZMabParSchema = z.object({
  /** Where the browser goes to approve the signature in the (sandbox) app. */
  redirectUrl: z.string(),
  expiresAt: z.iso.datetime(),
});
export type TMabPar = z.infer<typeof ZMabParSchema>;

/** `POST /v3/mab/redirect-sign/{id}`: `{id}` is the `state` the app returned with. */
export const ZMabRedirectParamsSchema = z.object({ id: z.string().min(16).max(128) });
export type TMabRedirectParams = z.infer<typeof ZMabRedirectParamsSchema>;
export const ZMabRedirectSignSchema = z.strictObject({
  params: z.record(z.string().max(64), z.string().max(2000)),
});
export type TMabRedirectSign = z.infer<typeof ZMabRedirectSignSchema>;
/** The MAB signing result (spec section 3). */
export const ZMabSigningResultSchema = z.object({
  signatureRequestId: z.string(),
  /** The signing link's `userid`, so the page can go on as the direct signer. */
  userId: z.string(),
  signingStatus: z.enum(MAB_SIGNING_STATUSES),
  redirectQueryParams: z.string(),
});
export type TMabSigningResult = z.infer<typeof ZMabSigningResultSchema>;
