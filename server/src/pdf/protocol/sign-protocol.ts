import type { TReport } from '@signet/shared/document/document.schema';
import type { Signer } from '../../crypto/signer.ts';
import type { TimestampAuthority } from '../../crypto/tsa/timestamp-authority.ts';
import { threadCall } from '../../threads/thread-call.ts';
import { sealDocument, type ValidationDataSource } from '../ltv.ts';
import type { Filled } from '../placeholder.ts';
import { signPdf } from '../sign.ts';
import type { EvidenceText } from './evidence-text.ts';
import type { ProtocolJob } from './protocol.worker.ts';

const layOut = threadCall<ProtocolJob, Uint8Array>(
  new URL('./protocol.worker.ts', import.meta.url),
  {
    timeoutMs: 60_000,
  },
);

/**
 * The protocol PDF, laid out on the protocol thread and signed here by the platform (invisible signature with a signature time stamp)
 * and, given validation data, sealed like the documents (DSS and document time stamp: B-LTA).
 */
export async function buildSignedProtocol(
  report: TReport,
  text: EvidenceText,
  options: { signer: Signer; tsa?: TimestampAuthority; seal?: ValidationDataSource },
): Promise<Filled> {
  const unsigned = new Uint8Array(await layOut({ report, lang: text.lang }));
  const signed = await signPdf(unsigned, {
    signer: options.signer,
    ...(options.tsa ? { tsa: options.tsa } : {}),
    signerName: 'Signet platform',
    reason: text.t('protocol.title'),
    signingTime: new Date(report.generated_at),
    field: null,
    appearance: { lines: [] },
    fieldName: 'SignetProtocol',
  });
  const done =
    options.seal && options.tsa
      ? await sealDocument(signed.bytes, options.seal, options.tsa, signed.doc)
      : signed;
  // Out of the signing pipeline: the file in an ArrayBuffer of its own, not the shared memory
  // its updates were written into (in-step.ts), which fetch's Response would not send as bytes.
  return { bytes: new Uint8Array(done.bytes), sha256: done.sha256 };
}
