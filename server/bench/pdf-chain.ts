/**
 * The PDF and crypto work of a request's signatures alone, in process (no HTTP, no database): on
 * the 1.2 MB pdfTeX budget document, ten signers in order as the server signs them — each
 * signature handed the parsed document the one before kept (pdf/parsed-cache.ts), the tenth
 * sealed (DSS with the certificates, document time stamp; no OCSP responses or CRL, which need
 * the database) — and a QES signer's certificate issue plus a first signature on a document
 * parsed ahead (the TAN step). Prints the process CPU per call (medians; load-independent, so
 * main and a change can be compared on a busy machine). No budget: `bench:sign` and `bench:qes`
 * hold the budgets of the whole calls.
 *
 *   node server/bench/pdf-chain.ts [runs=8] [document=tex-89p]   (any of bench/documents.ts)
 */
import { createHash } from 'node:crypto';
import { cpuUsage } from 'node:process';
import type { PDF } from '@libpdf/core';
import { createCa, loadCa } from '../src/crypto/ca.ts';
import type { Signer } from '../src/crypto/signer.ts';
import { builtinTsa } from '../src/crypto/tsa/timestamp-authority.ts';
import { sealDocument } from '../src/pdf/ltv.ts';
import {
  keepParsed,
  parseAhead,
  takeParsed,
  takeParsedWhenReady,
} from '../src/pdf/parsed-cache.ts';
import { type SignPdfOptions, signPdf } from '../src/pdf/sign.ts';
import { type DocumentName, realDocument } from './documents.ts';
import { median } from './report.ts';

const RUNS = Number(process.argv[2] ?? 8);
const DOCUMENT = (process.argv[3] ?? 'tex-89p') as DocumentName;
const WARM_UP = 2;
const secret = 'benchmark-secret-0123456789';
const ca = loadCa(createCa(secret), secret);
const tsa = builtinTsa(ca.tsaSigner);
const document = realDocument(DOCUMENT);
if (typeof document === 'string') throw new Error(`${DOCUMENT}: ${document}`);
const upload = document.bytes;
const uploadKey = createHash('sha256').update(upload).digest('hex');
const source = async (certificates: readonly Uint8Array[]) => ({
  certificates: [...certificates, ca.rootCertificate],
  ocspResponses: [],
  crls: [],
});
const cpuMs = () => {
  const u = cpuUsage();
  return (u.user + u.system) / 1000;
};
const options = (n: number, signer: Signer): SignPdfOptions => ({
  signer,
  tsa,
  signerName: `Signer ${n}`,
  signingTime: new Date(),
  field: { defaultSlot: n - 1 },
  appearance: { lines: [`Signer ${n}`, 'Simple electronic signature', new Date().toISOString()] },
  uploadLength: upload.length,
});

const first: number[] = [];
const middle: number[] = [];
const completing: number[] = [];
const qes: number[] = [];
for (let run = 0; run < RUNS + WARM_UP; run++) {
  const timed = run >= WARM_UP;
  let bytes = upload;
  let parsed: PDF | undefined;
  for (let n = 1; n <= 10; n++) {
    const start = cpuMs();
    let version = await signPdf(bytes, options(n, ca.platformSigner), parsed);
    if (n === 10) version = await sealDocument(version.bytes, source, tsa, version.doc);
    const ms = cpuMs() - start;
    if (timed) (n === 1 ? first : n === 10 ? completing : middle).push(ms);
    bytes = version.bytes;
    if (n < 10 && keepParsed(version)) parsed = takeParsed(version.sha256);
  }
  // QES: the document parsed while the signer types the TAN, then issue and sign.
  await parseAhead(uploadKey, upload.length, async () => upload);
  const start = cpuMs();
  const { signer } = ca.demoQtsp.issue({
    subject: { commonName: `Łukasz Żółć ${run}` },
    qualified: true,
    legislation: 'ZERTES',
    policyUrl: 'https://signet.invalid/policy',
  });
  await signPdf(upload, options(1, signer), await takeParsedWhenReady(uploadKey));
  if (timed) qes.push(cpuMs() - start);
}

const ms = (values: number[]) => `${median(values).toFixed(2)} ms`;
console.log(
  `pdf-chain: ${DOCUMENT} (${(upload.length / 1e6).toFixed(2)} MB), ${RUNS} requests × 10 signers, process CPU per call (medians)`,
);
console.log(`  first signature (parses)            ${ms(first)}`);
console.log(`  signers 2–9 (kept document)         ${ms(middle)}`);
console.log(`  completing (signature + seal)       ${ms(completing)}`);
console.log(`  QES: certificate issue + signature  ${ms(qes)}  (document parsed ahead)`);
