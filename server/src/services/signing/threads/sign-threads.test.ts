import { afterAll, describe, expect, it } from 'vitest';
import { createCa, loadCa } from '../../../crypto/ca.ts';
import { builtinTsa } from '../../../crypto/tsa/timestamp-authority.ts';
import { AppError } from '../../../errors.ts';
import { makeTestPdf } from '../../../pdf/make-test-pdf.ts';
import { mutoolVerify, pdfsig, requireTool } from '../../../pdf/test-tools.ts';
import { analysePdf } from '../../../pdf/verify/analyse.ts';
import type { LoadedDocument } from '../../signature-requests/load-for-actor.ts';
import type { SignDocumentJob } from './jobs.ts';
import { type MainCalls, SignThreads } from './sign-threads.ts';

const SECRET = 'sign-threads-test-secret-0123456789';
const ca = loadCa(createCa(SECRET), SECRET);
const tsa = builtinTsa(ca.tsaSigner);
const signer = {
  certificateChain: ca.platformSigner.certificateChain,
  keyType: ca.platformSigner.keyType,
};
const threads = new SignThreads(1, { pdf: await makeTestPdf({ pages: 1 }), signer });
afterAll(() => threads.close());

const job = async (
  over: Partial<SignDocumentJob> & { document?: Partial<LoadedDocument> } = {},
): Promise<SignDocumentJob> => {
  const bytes = await makeTestPdf({ pages: 2, title: 'Rechnung' });
  const { document, ...rest } = over;
  return {
    bytes,
    document: {
      id: 'd1',
      size: bytes.length,
      stampPlan: null,
      stampSpace: null,
      ...document,
    } as unknown as LoadedDocument,
    signers: [],
    signerId: 's1',
    placements: [],
    signerName: 'Muster AG',
    signingTime: new Date(),
    appearance: { lines: ['Muster AG', 'Seal', 'now'] },
    fontPlan: {},
    signer,
    tsa: { name: tsa.name, maxTokenBytes: await tsa.maxTokenBytes() },
    seal: true,
    ...rest,
  };
};

/** The main thread's answers, counting what was asked. */
const answers = (over: Partial<MainCalls> = {}) => {
  const asked: string[] = [];
  const calls: MainCalls = {
    sign: (data) => ca.platformSigner.sign(data),
    timestamp: (digest) => tsa.timestamp(digest),
    validation: async (certificates) => ({ certificates, ocspResponses: [], crls: [] }),
    // No measurement: the page counts as full (a signature page is appended).
    pdfJob: async () => null,
    ...over,
  };
  const counted = Object.fromEntries(
    Object.entries(calls).map(([name, f]) => [
      name,
      (args: never) => {
        asked.push(name);
        return (f as (a: never) => Promise<unknown>)(args);
      },
    ]),
  ) as MainCalls;
  return { asked, calls: counted };
};

describe('signing threads', () => {
  it('sign and seal a document in a thread, the key and the time stamps on the main thread: valid for pdfsig and mutool', async () => {
    requireTool('pdfsig');
    requireTool('mutool');
    const { asked, calls } = answers();
    const input = await job();
    const original = input.bytes.slice();
    const done = await threads.sign(input, calls);
    // The key signed once; two time stamps (the signature's, the document's); the DSS's data
    // once; the page measured through the pool once.
    expect(asked.sort()).toEqual(['pdfJob', 'sign', 'timestamp', 'timestamp', 'validation']);
    expect(Buffer.from(done.bytes.subarray(0, original.length))).toEqual(Buffer.from(original));
    expect(done.plan?.append).toBe(1);
    const verdict = pdfsig(done.bytes);
    // pdfsig names no sub-filter for a document time stamp (`unknown`).
    expect(verdict.signatures.map((s) => s.subFilter)).toEqual(['ETSI.CAdES.detached', 'unknown']);
    expect(verdict.signatures[0]?.valid).toBe(true);
    expect(verdict.signatures.map((s) => s.totalDocument)).toEqual([false, true]);
    expect(mutoolVerify(done.bytes).output.match(/The signature is valid/g)).toHaveLength(1);
    const report = await analysePdf(done.bytes, { trustedRoots: [ca.rootCertificate] });
    expect(report.intact).toBe(true);
    expect(report.signatures[0]?.timestamp?.valid).toBe(true);
  });

  it("a main-thread call that fails fails the job with the main thread's own error", async () => {
    const outage = new AppError('TSA_UNAVAILABLE', 503, 'down');
    const { calls } = answers({
      timestamp: async () => {
        throw outage;
      },
    });
    await expect(threads.sign(await job(), calls)).rejects.toBe(outage);
  });

  it('a refusal in the thread keeps its code (a placement outside the page: 422), the thread goes on', async () => {
    const { calls } = answers();
    const outside = await job({
      placements: [{ document_id: 'd1', page: 9, x: 0, y: 0, width: 100, height: 50 }],
    });
    await expect(threads.sign(outside, calls)).rejects.toMatchObject({ status: 422 });
    const next = await threads.sign(await job({ seal: false }), answers().calls);
    expect(pdfsig(next.bytes).signatures.map((s) => s.valid)).toEqual([true]);
  });
});
