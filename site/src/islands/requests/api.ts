/**
 * The signature-request, document and signing calls of the request pages (spec section 7), sent
 * through the site's one API client (lib/api.ts). Only types come from shared: the route table
 * would put every zod schema into the browser bundle.
 */
import type {
  TDocument,
  TRequestStatus,
  TSignatureRequest,
  TSignatureRequestListQuery,
} from '@signet/shared/signature-request/signature-request.schema';
import { ApiError, client, request } from '../../lib/api.ts';
import type { TFunction } from '../../lib/i18n.ts';
import { session as store, TOKEN_KEY } from '../../lib/storage.ts';
import { clearSession, rememberPath } from '../../stores/session.ts';

export type TListItem = {
  id: string;
  title: string;
  status_overall: TRequestStatus;
  colour: 'to-sign' | 'waiting' | 'cancelled' | 'completed' | 'draft';
  owner: { id: string; email: string; name: string };
  signers: { email: string; status_code: string }[];
  document_count: number;
  my_roles: ('owner' | 'signer' | 'observer')[];
  created_at: string;
  updated_at: string;
};
export type TList = { items: TListItem[]; total: number; page: number; size: number };

/** The list query as sent (status comma-joined, as the spec's list query says). */
export type TListParams = Partial<Omit<TSignatureRequestListQuery, 'status'> & { status: string }>;

export type TSendtoSummary = {
  id: string;
  title: string;
  status_overall: TRequestStatus;
  owner: { email: string; name: string };
  signer: { sid: string; email: string; status_code: string };
  claimable: boolean;
};

export type TSignResult = {
  signatureRequestId: string;
  ok: boolean;
  status_overall?: TRequestStatus;
  code?: string;
  message?: string;
}[];

export type TSignatureInput = { signer_identity_data: { email_address: string }; order: number };

export type TCreateRequest = {
  title: string;
  message?: string;
  documents: { document_id: string }[];
  signatures: TSignatureInput[];
  observers: string[];
};

const sr = (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}`;

export function listRequests(params: TListParams): Promise<TList> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return request<TList>('GET', `/v3/signature-requests-redesign?${query.toString()}`);
}

export const getRequest = (id: string) => request<TSignatureRequest>('GET', sr(id));
export const createRequest = (body: TCreateRequest) =>
  request<TSignatureRequest>('POST', '/v3/signature-requests', body);
export const initiateRequest = (id: string) =>
  request<TSignatureRequest>('POST', `${sr(id)}/initiate`);
export const deleteRequest = (id: string) => request<{ status: 'ok' }>('DELETE', sr(id));
export const withdrawRequest = (id: string, message: string) =>
  request<TSignatureRequest>('POST', `${sr(id)}/withdraw`, { message });
export const declineRequest = (id: string, message: string) =>
  request<TSignatureRequest>('POST', `${sr(id)}/decline`, { message });
export const remindSigners = (id: string) =>
  request<{ reminded: string[] }>('POST', `${sr(id)}/remind`);
export const delegateSignature = (id: string, email: string, message?: string) =>
  request<TSignatureRequest>(
    'POST',
    `${sr(id)}/delegate`,
    message ? { email, message } : { email },
  );
export const addSigner = (id: string, signer: TSignatureInput) =>
  request<TSignatureRequest>('POST', `${sr(id)}/signatures`, signer);
export const removeSigner = (id: string, sid: string) =>
  request<TSignatureRequest>('DELETE', `${sr(id)}/signatures/${encodeURIComponent(sid)}`);
export const addObserver = (id: string, email: string) =>
  request<TSignatureRequest>('POST', `${sr(id)}/observers`, { email });
export const removeObserver = (id: string, observerId: string) =>
  request<TSignatureRequest>('DELETE', `${sr(id)}/observers/${encodeURIComponent(observerId)}`);
export const lockStatus = (id: string) =>
  request<{ locked: boolean }>('GET', `${sr(id)}/lock-status`);
export const getSendto = (token: string) =>
  request<TSendtoSummary>('GET', `/v3/sendto/${encodeURIComponent(token)}/get-internal`);
export const claimSendto = (token: string) =>
  request<TSignatureRequest>('POST', `/v3/sendto/${encodeURIComponent(token)}/claim`);

/** `POST /v3/sign`: a batch of one here; the result tells per request whether it worked. */
export async function sign(entry: {
  signatureRequestId: string;
  signingName: string;
  signingReason?: string;
  language: 'en' | 'de' | 'fr' | 'it';
}): Promise<TSignResult> {
  try {
    return await client<TSignResult>('/v3/sign', { method: 'POST', body: [entry] });
  } catch (error) {
    const api = error as { status?: number; data?: { code?: string; message?: string } };
    if (typeof api.status === 'number') {
      throw new ApiError(
        api.status,
        api.data?.code ?? 'UNKNOWN',
        api.data?.message ?? '',
        undefined,
      );
    }
    throw error;
  }
}

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

/**
 * Status and code of a failed call (ApiError from lib/api.ts); status 0 and code NETWORK when no
 * API answer came.
 */
export function failureOf(error: unknown): { status: number; code: string } {
  if (error instanceof ApiError) return { status: error.status, code: error.code };
  return { status: 0, code: 'NETWORK' };
}

/** The text for a failed call: the errors namespace knows the code, else a generic text. */
export function failureText(t: TFunction, error: unknown): string {
  const { status, code } = failureOf(error);
  if (status === 429 && code === 'RATE_LIMITED') return t('account:error.rateLimited');
  if (status === 0) return t('account:error.network');
  const known = t(`errors:${code}`);
  if (known !== code) return known;
  const local = t(`error.${code}`);
  return local !== `error.${code}` ? local : t('account:error.generic');
}

// ---------------------------------------------------------------------------------------------
// Binary calls: upload with progress (XMLHttpRequest), downloads and page images (blobs).

function onUnauthorized(): void {
  rememberPath(window.location.pathname + window.location.search);
  clearSession();
  window.location.assign('/login');
}

/** Upload errors as the API answered them (`{ code, message }`). */
export class UploadError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.code = code;
  }
}

/**
 * `POST /api/v3/documents` (multipart, field `file`, one PDF per call) with progress reports
 * (0…1). Resolves to the stored document; `abort` cancels.
 */
export function uploadDocument(
  file: File,
  onProgress: (fraction: number) => void,
): { promise: Promise<TDocument>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<TDocument>((resolve, reject) => {
    xhr.open('POST', '/api/v3/documents');
    const token = store.get(TOKEN_KEY);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { code?: string; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(xhr.response as TDocument);
        return;
      }
      if (xhr.status === 401 && token) onUnauthorized();
      reject(new UploadError(xhr.status, body?.code ?? 'UPLOAD_FAILED', body?.message ?? ''));
    };
    xhr.onerror = () => reject(new UploadError(0, 'NETWORK', ''));
    xhr.onabort = () => reject(new UploadError(0, 'ABORTED', ''));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first). */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Fetches an authorised file and hands it to the browser as a download. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await client.raw<Blob, 'blob'>(path, { responseType: 'blob' });
  } catch (error) {
    const e = error as { status?: number; data?: unknown };
    throw new ApiError(e.status ?? 0, e.status ? 'DOWNLOAD_FAILED' : 'NETWORK', '');
  }
  const blob = (response as Response & { _data?: Blob })._data ?? (await response.blob());
  const name = dispositionName(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Download paths and the spec's file-name fallbacks (section 9). */
export const downloads = {
  /** The signed version when there is one (the server's default), else the original. */
  document: (docId: string) => ({
    path: `/v3/documents/${encodeURIComponent(docId)}/download`,
    name: `${docId}.pdf`,
  }),
  zip: (id: string) => ({ path: `${sr(id)}/zip`, name: `${id}.zip` }),
  protocol: (id: string) => ({ path: `${sr(id)}/report?type=pdf`, name: `${id}_protocol.pdf` }),
};
