/**
 * The new request as the upload page holds it, what it is missing before it can be saved or
 * sent, and the body of `POST /v3/signature-requests`. The rules are shared's: valid addresses,
 * every participant once, the signing order's range.
 */
import type { RouteCallInput } from '@signet/shared/api/route';
import type { Routes } from '@signet/shared/api/routes';
import { SIGNER_ORDER } from '@signet/shared/signature-request/signature-request.constants';
import { duplicateParticipant } from '@signet/shared/signature-request/signature-request.rules';
import type { TDocumentSignature } from '@signet/shared/signature-request/signature-request.schema';
import { isEmail, isInRange, isInteger } from '@signet/shared/validation/validation.rules';

/** A signer or observer row of the form; a signer may have their signature boxes placed. */
export type TPerson = {
  key: number;
  email: string;
  order: string;
  placements?: readonly TDocumentSignature[];
};

export type TUploadedFile = {
  state: 'uploading' | 'done' | 'failed';
  document: { id: string } | null;
};

export type TDraft = {
  files: readonly TUploadedFile[];
  title: string;
  message: string;
  inOrder: boolean;
  signers: readonly TPerson[];
  observers: readonly TPerson[];
};

/** What is wrong, by field key (`files`, `title`, `signer-<key>`, `order-<key>`, `observer-<key>`). */
export type TProblem =
  | 'stillUploading'
  | 'needFile'
  | 'removeFailed'
  | 'required'
  | 'email'
  | 'duplicate'
  | 'order'
  | 'needSigner';

/** The problems of a draft before it is saved (`draft`) or sent (`send`), in screen order. */
export function draftProblems(draft: TDraft, mode: 'send' | 'draft'): Record<string, TProblem> {
  const out: Record<string, TProblem> = {};
  if (draft.files.some((f) => f.state === 'uploading')) out.files = 'stillUploading';
  else if (!draft.files.some((f) => f.state === 'done')) out.files = 'needFile';
  else if (draft.files.some((f) => f.state === 'failed')) out.files = 'removeFailed';
  if (draft.title.trim() === '') out.title = 'required';

  const rows = (kind: 'signer' | 'observer', list: readonly TPerson[]) =>
    list.forEach((p) => {
      const email = p.email.trim();
      const blankAllowed = kind === 'signer' && mode === 'draft' && list.length === 1;
      if (email === '') {
        if (!blankAllowed) out[`${kind}-${p.key}`] = 'required';
      } else if (!isEmail(email.toLowerCase())) out[`${kind}-${p.key}`] = 'email';
      if (kind === 'signer' && draft.inOrder && !isSignerOrder(p.order)) {
        out[`order-${p.key}`] = 'order';
      }
    });
  rows('signer', draft.signers);
  rows('observer', draft.observers);

  const dup = duplicateParticipant(
    draft.signers.map((s) => s.email),
    draft.observers.map((o) => o.email),
  );
  if (dup) {
    const row = dup.role === 'signer' ? draft.signers[dup.index] : draft.observers[dup.index];
    if (row) out[`${dup.role}-${row.key}`] ??= 'duplicate';
  }
  if (mode === 'send' && !draft.signers.some((s) => s.email.trim() !== '')) {
    out[`signer-${draft.signers[0]?.key ?? 0}`] = 'needSigner';
  }
  return out;
}

/** A signing position as typed: a whole number in the shared range. */
export function isSignerOrder(value: string): boolean {
  const text = value.trim();
  return isInteger(text) && isInRange(Number(text), SIGNER_ORDER.min, SIGNER_ORDER.max);
}

export type TCreateBody = RouteCallInput<Routes['createSignatureRequest']>['body'];

/** The body of `POST /v3/signature-requests` for a draft without problems. */
export function createBody(draft: TDraft): TCreateBody {
  const message = draft.message.trim();
  return {
    title: draft.title.trim(),
    ...(message ? { message } : {}),
    documents: draft.files.flatMap((f) => (f.document ? [{ document_id: f.document.id }] : [])),
    signatures: draft.signers
      .filter((s) => s.email.trim() !== '')
      .map((s) => ({
        signer_identity_data: { email_address: s.email.trim().toLowerCase() },
        // Checked by draftProblems: a whole number in range when signing in order.
        order: draft.inOrder ? Number(s.order.trim()) : 1,
        // Boxes on documents still in the request (a removed file takes its boxes with it).
        document_signatures: (s.placements ?? []).filter((p) =>
          draft.files.some((f) => f.document?.id === p.document_id),
        ),
      })),
    observers: draft.observers.map((o) => o.email.trim().toLowerCase()).filter(Boolean),
  };
}
