import type { Signer } from '../../../crypto/signer.ts';
import type { TimestampAuthority } from '../../../crypto/tsa/timestamp-authority.ts';
import { sealDocument } from '../../../pdf/ltv.ts';
import type { PdfJobRunner } from '../../../pdf/pool/pool.ts';
import { signPdf } from '../../../pdf/sign.ts';
import { stampPlacement } from '../stamp-slot.ts';
import type { SignDocumentJob, SignDocumentResult, ThreadCallName, ThreadCalls } from './jobs.ts';

/** Asks the main thread (the job's port) and waits for its answer. */
export type CallMain = <N extends ThreadCallName>(
  name: N,
  args: ThreadCalls[N]['args'],
  transfer?: ArrayBuffer[],
) => Promise<ThreadCalls[N]['result']>;

/**
 * One document of a batch entry, in a signing thread: its stamp's place (a first signature
 * plans it from the parse that signing reuses), the PAdES signature and, when the signature
 * completes the request, the DSS and the document time stamp — the same code as on the main
 * thread (pdf/sign.ts, pdf/ltv.ts), with a signer, a TSA and a validation-data source that ask
 * the main thread, where the keys, the database and the PDF workers are.
 */
export async function signDocument(
  job: SignDocumentJob,
  call: CallMain,
): Promise<SignDocumentResult> {
  const pdf: PdfJobRunner = {
    run: async (kind, input, options) => {
      const source = { ...input.source, ...(await options?.source?.()) };
      return (await call('pdfJob', { kind, input: { ...input, source } })) as never;
    },
  };
  const place = await stampPlacement(
    pdf,
    { signers: job.signers },
    job.document,
    job.bytes,
    job.signerId,
    job.placements,
  );
  const signer = remoteSigner(job.signer, call);
  const tsa: TimestampAuthority = {
    name: job.tsa.name,
    maxTokenBytes: async () => job.tsa.maxTokenBytes,
    timestamp: (digest) => call('timestamp', digest),
  };
  let signed = await signPdf(
    job.bytes,
    {
      signer,
      tsa,
      signerName: job.signerName,
      ...(job.reason ? { reason: job.reason } : {}),
      signingTime: job.signingTime,
      field: place.field,
      ...(place.appendPages ? { appendPages: place.appendPages } : {}),
      appearance: job.appearance,
      uploadLength: job.document.size,
      fontPlan: job.fontPlan,
    },
    place.parsed,
  );
  if (job.seal) {
    signed = await sealDocument(
      signed.bytes,
      (certificates) => call('validation', [...certificates]),
      tsa,
      signed.doc,
    );
  }
  return { bytes: signed.bytes, sha256: signed.sha256, plan: place.plan };
}

/** The job's signer: its certificates here, its key on the main thread. */
const remoteSigner = (of: SignDocumentJob['signer'], call: CallMain): Signer => ({
  certificateChain: of.certificateChain,
  keyType: of.keyType,
  sign: (data) => call('sign', data),
});
