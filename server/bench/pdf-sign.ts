/**
 * PDF signing benchmark: one SES signature (platform certificate) on a 1 MB PDF.
 * Prints the median time of the first signature and of the tenth on the same document (budget:
 * first ≤ 30 ms median, tenth ≤ 1.5 × first); BENCH_STRICT=1 exits 1 when they miss it.
 *
 *   node server/bench/pdf-sign.ts [runs=31]
 */
import { createCa, loadCa } from '../src/crypto/ca.ts';
import { makeTestPdf } from '../src/pdf/make-test-pdf.ts';
import { type SignPdfOptions, signPdf } from '../src/pdf/sign.ts';
import { median, report } from './report.ts';

const runs = Number(process.argv[2] ?? 31);
const secret = 'benchmark-secret-0123456789';
const ca = loadCa(createCa(secret), secret);
const pdf = await makeTestPdf({ imageBytes: 1_000_000 });

const options = (n: number): SignPdfOptions => ({
  signer: ca.platformSigner,
  signerName: `Signer ${n}`,
  reason: 'Benchmark',
  signingTime: new Date(),
  field: { page: 0, x: 20, y: 20 + n * 60 },
  appearance: { lines: [`Signer ${n}`, 'Simple electronic signature', new Date().toISOString()] },
});

// Warm-up: the first call pays for module JIT, not for the document.
let warm = pdf;
for (let n = 1; n <= 3; n++) warm = (await signPdf(warm, options(n))).bytes;

const first: number[] = [];
const tenth: number[] = [];
let last = pdf;
for (let run = 0; run < runs; run++) {
  let doc = pdf;
  for (let n = 1; n <= 10; n++) {
    const start = performance.now();
    doc = (await signPdf(doc, options(n))).bytes;
    const ms = performance.now() - start;
    if (n === 1) first.push(ms);
    if (n === 10) tenth.push(ms);
  }
  last = doc;
}

const firstMedian = median(first);
const tenthMedian = median(tenth);
const ratio = tenthMedian / firstMedian;
console.log(
  `pdf-sign: ${(pdf.length / 1e6).toFixed(2)} MB PDF, ${runs} runs, signed file ${(last.length / 1e6).toFixed(2)} MB`,
);
console.log(`  first signature  median ${firstMedian.toFixed(1)} ms  (budget 30 ms)`);
console.log(
  `  tenth signature  median ${tenthMedian.toFixed(1)} ms  (${ratio.toFixed(2)}× first, budget 1.5×)`,
);
report('pdf-sign', [
  {
    name: 'PDF core: first SES signature, 1 MB PDF (median)',
    budget: '≤ 30 ms',
    value: `${firstMedian.toFixed(1)} ms`,
    ok: firstMedian <= 30,
  },
  {
    name: 'PDF core: tenth signature on the same PDF',
    budget: '≤ 1.5× first',
    value: `${tenthMedian.toFixed(1)} ms (${ratio.toFixed(2)}×)`,
    ok: tenthMedian <= Math.max(1.5 * firstMedian, 1),
  },
]);
