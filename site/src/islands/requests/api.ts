/**
 * What the request pages add to the API calls (which they make through `lib/api.ts`): the
 * outcome of a signing batch, the signing-lock codes, and the downloads of a request.
 */
import { api } from '@signet/shared/api/api';
import type { TEndpoint } from '@signet/shared/api/route';
import { DOWNLOAD_NAMES } from '@signet/shared/signature-request/signature-request.constants';
import type { TSignResult } from '@signet/shared/signature-request/signature-request.schema';

/** One signature of the batch result, or a thrown ApiError when the call itself failed. */
export function signOutcome(result: TSignResult, id: string): { ok: boolean; code?: string } {
  const mine = result.find((r) => r.signatureRequestId === id) ?? result[0];
  return mine ? { ok: mine.ok, code: mine.code } : { ok: false, code: 'UNKNOWN' };
}

/** Codes the server uses while another signature is being applied to the request. */
const LOCK_CODES = new Set(['LOCKED', 'REQUEST_LOCKED', 'SIGNATURE_LOCKED', 'SIGNING_LOCKED']);
export function isLockCode(status: number | undefined, code: string | undefined): boolean {
  return status === 423 || (code !== undefined && LOCK_CODES.has(code));
}

/** A file to download: the endpoint, its input and the spec's name when the server gives none. */
export type TDownload = {
  endpoint: TEndpoint;
  input: { params: Record<string, string>; query?: Record<string, string> };
  name: string;
};

/** The downloads of a request (spec section 9 names the fallbacks). */
export const downloads = {
  /** The signed version when there is one (the server's default), else the original. */
  document: (docId: string): TDownload => ({
    endpoint: api.downloadDocument,
    input: { params: { id: docId } },
    name: DOWNLOAD_NAMES.document(docId),
  }),
  zip: (id: string): TDownload => ({
    endpoint: api.getSignatureRequestZip,
    input: { params: { id } },
    name: DOWNLOAD_NAMES.zip(id),
  }),
  protocol: (id: string): TDownload => ({
    endpoint: api.getSignatureRequestReport,
    input: { params: { id }, query: { type: 'pdf' } },
    name: DOWNLOAD_NAMES.protocol(id),
  }),
};
