import type { TDocumentSignature } from '@signet/shared/signature-request/signature-request.schema';
import type { KeyType } from '../../../crypto/signer.ts';
import type { ValidationData } from '../../../pdf/ltv.ts';
import type { PdfJobKind } from '../../../pdf/pool/jobs.ts';
import type { FontWeight } from '../../../pdf/stamp/fonts.ts';
import type { StampContent } from '../../../pdf/stamp/layout.ts';
import type { StampPlan } from '../../../pdf/stamp/plan.ts';
import type { LoadedDocument, LoadedSigner } from '../../signature-requests/load-for-actor.ts';

/**
 * The contract between the main thread and a signing thread (sign-threads.ts,
 * sign-thread.worker.ts): one job per document, which talks back over its own port for what
 * stays on the main thread — the signing key, the time stamps, the validation data (database,
 * OCSP key) and the PDF worker pool — and answers the signed (and, when `seal`, sealed) file.
 */
export type SignDocumentJob = {
  /** The document's current version (its buffer is transferred to the thread). */
  bytes: Uint8Array;
  /** What the stamp placement needs (services/signing/stamp-slot.ts). */
  document: LoadedDocument;
  signers: LoadedSigner[];
  signerId: string;
  placements: readonly TDocumentSignature[];
  signerName: string;
  reason?: string;
  signingTime: Date;
  appearance: StampContent;
  fontPlan: Partial<Record<FontWeight, string>>;
  /** The signer's certificates and key type (the key itself stays on the main thread). */
  signer: { certificateChain: readonly Uint8Array[]; keyType: KeyType };
  /** The TSA's name and largest token. */
  tsa: { name: string; maxTokenBytes: number };
  /** The signature completes the request: DSS and document time stamp too (B-LTA). */
  seal: boolean;
};

export type SignDocumentResult = {
  /** The new version (its buffer is transferred back). */
  bytes: Uint8Array;
  sha256: string;
  /** The stamp plan made at this (first) signature, if any. */
  plan: StampPlan | null;
};

/** What a job asks of the main thread, and the answer it waits for. */
export type ThreadCalls = {
  /** The signature value over the CMS signed attributes (Signer.sign). */
  sign: { args: Uint8Array; result: Uint8Array };
  /** A time-stamp token over a digest. */
  timestamp: { args: Uint8Array; result: Uint8Array };
  /** The validation data of the certificates a sealed document carries. */
  validation: { args: Uint8Array[]; result: ValidationData };
  /** A job of the PDF worker pool (a stamp plan's 'stamp-space' measurement), its bytes along. */
  pdfJob: { args: { kind: PdfJobKind; input: unknown }; result: unknown };
};
export type ThreadCallName = keyof ThreadCalls;

/** An error as it crosses the thread boundary: an AppError's fields, or just a message. */
export type ThreadError = {
  message: string;
  code?: string;
  status?: number;
  details?: unknown;
  /** A main-thread call failed: the main thread rethrows its own error. */
  fromCall?: boolean;
};

/** A thread's start (workerData): what it warms its code with (warm-up-thread.ts). */
export type ThreadWarmUp = {
  /** A small PDF made on the main thread (pdf/make-test-pdf.ts). */
  pdf: Uint8Array;
  signer: SignDocumentJob['signer'];
};

/** Main → thread (on the thread's port): a job with the port it talks back on. */
export type ToThread = { job: SignDocumentJob; port: import('node:worker_threads').MessagePort };

/** Thread → main (on the job's port). */
export type FromJob =
  | { call: ThreadCallName; seq: number; args: unknown }
  | { done: SignDocumentResult }
  | { failed: ThreadError };

/** Main → thread (on the job's port): a call's answer. */
export type CallReply = { seq: number; result?: unknown; error?: ThreadError };

/**
 * The buffer of `bytes` to transfer rather than copy, when the view is all of it (a view into a
 * larger buffer, such as node's pool of small Buffers, is copied instead). A SharedArrayBuffer
 * (a signed version, pdf/in-step.ts) is shared, never transferred.
 */
export const ownBuffer = (bytes: Uint8Array): ArrayBuffer[] =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength
    ? [bytes.buffer]
    : [];
