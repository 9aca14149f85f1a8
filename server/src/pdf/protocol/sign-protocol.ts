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
  if (!options.seal || !options.tsa) return { bytes: signed.bytes, sha256: signed.sha256 };
  const sealed = await sealDocument(signed.bytes, options.seal, options.tsa, signed.doc);
  return { bytes: sealed.bytes, sha256: sealed.sha256 };
}
