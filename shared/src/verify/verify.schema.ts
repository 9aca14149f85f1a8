import { z } from 'zod';
import { PADES_LEVELS } from '../pki/pki.constants.ts';
import {
  CHAIN_STATUSES,
  CHANGES_AFTER,
  REVOCATION_SOURCES,
  REVOCATION_STATUSES,
  VERIFY_KINDS,
} from './verify.constants.ts';

export const ZVerifyCertificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  not_before: z.iso.datetime(),
  not_after: z.iso.datetime(),
});
export type TVerifyCertificate = z.infer<typeof ZVerifyCertificateSchema>;

/** One signature (or document time stamp) as Signet's validator sees it. */
export const ZVerifiedSignatureSchema = z.object({
  field: z.string(),
  kind: z.enum(VERIFY_KINDS),
  sub_filter: z.string().nullable(),
  /** The signing certificate's common name (the TSA's for a document time stamp). */
  signer: z.string().nullable(),
  /** /Name, /Reason and /M of the signature dictionary: what the signer claims. */
  claimed_name: z.string().nullable(),
  reason: z.string().nullable(),
  claimed_time: z.iso.datetime().nullable(),
  /** The covered bytes hash to what was signed (messageDigest, or the token's imprint). */
  digest_valid: z.boolean(),
  digest_algorithm: z.string().nullable(),
  /** The signature value holds over the signed attributes with the certificate's key. */
  signature_valid: z.boolean(),
  /** digest_valid and signature_valid: the signed bytes are exactly what was signed. */
  valid: z.boolean(),
  certificates: z.array(ZVerifyCertificateSchema),
  chain: z.enum(CHAIN_STATUSES),
  /** The proven time: the signature time stamp (or the document time stamp's own time). */
  timestamp: z
    .object({ time: z.iso.datetime(), valid: z.boolean(), authority: z.string().nullable() })
    .nullable(),
  revocation: z.object({
    status: z.enum(REVOCATION_STATUSES),
    source: z.enum(REVOCATION_SOURCES),
  }),
  level: z.enum(PADES_LEVELS).nullable(),
  covers_whole_document: z.boolean(),
  changes_after: z.enum(CHANGES_AFTER),
  byte_range: z.array(z.number()),
});
export type TVerifiedSignature = z.infer<typeof ZVerifiedSignatureSchema>;

/** `POST /v1/verify`: the report over every signature of the PDF, in file order. */
export const ZVerifyReportSchema = z.object({
  sha256: z.string(),
  size: z.number(),
  pages: z.number(),
  signatures: z.array(ZVerifiedSignatureSchema),
  /** Every signature valid, and nothing but signatures and time stamps after any of them. */
  intact: z.boolean(),
  verified_at: z.iso.datetime(),
});
export type TVerifyReport = z.infer<typeof ZVerifyReportSchema>;
