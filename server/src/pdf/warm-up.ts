import type { PDF } from '@libpdf/core';
import type { CertificateAuthority } from '../crypto/ca.ts';
import type { TimestampAuthority } from '../crypto/tsa/timestamp-authority.ts';
import { sealDocument } from './ltv.ts';
import { makeTestPdf } from './make-test-pdf.ts';
import { signPdf } from './sign.ts';

/**
 * Runs the signing path once on a small PDF made here (parse, field, appearance, CMS, time
 * stamp, DSS, document time stamp), so the first user's signature does not pay for compiling it
 * (≈ 100 ms cold against ≈ 6 ms warm on the benchmark document). Always the built-in TSA: a warm-up
 * must not ask an external service for time stamps.
 */
export async function warmUpSigning(
  ca: CertificateAuthority,
  tsa: TimestampAuthority,
): Promise<void> {
  let pdf = await makeTestPdf({ pages: 2, title: 'Warm-up' });
  let doc: PDF | undefined;
  for (let slot = 0; slot < 3; slot++) {
    ({ bytes: pdf, doc } = await signPdf(pdf, {
      signer: ca.platformSigner,
      tsa,
      signerName: 'Warm-up',
      signingTime: new Date(),
      field: { defaultSlot: slot },
      appearance: { lines: ['Warm-up', 'SES', 'now'] },
    }));
  }
  // As a completing signature seals: on the document kept in step.
  await sealDocument(
    pdf,
    async (certificates) => ({ certificates, ocspResponses: [], crls: [] }),
    tsa,
    doc,
  );
}
