import type { LoadedDocument } from '../../signature-requests/load-for-actor.ts';
import type { ThreadWarmUp } from './jobs.ts';
import { type CallMain, signDocument } from './sign-document.ts';

/** What the main thread would answer, made up: a warm-up signs nothing anyone keeps. */
const madeUp: CallMain = async (name) => {
  if (name === 'validation') return { certificates: [], ocspResponses: [], crls: [] } as never;
  if (name === 'pdfJob') return null as never;
  return new Uint8Array(64) as never;
};

/**
 * Runs a new signing thread's code once as a batch entry does (plan, three stamps, DSS,
 * document time stamp) on the main thread's warm-up PDF, so the first batch it works for does
 * not pay for compiling libpdf and the signing path in this thread (pdf/warm-up.ts does the
 * same for the main thread). The signature values and time stamps are zeros, asked of no one.
 */
export async function warmUpThread(warm: ThreadWarmUp): Promise<void> {
  let bytes = warm.pdf;
  for (let round = 0; round < 3; round++) {
    const document = {
      id: 'warm-up',
      size: warm.pdf.length,
      stampPlan: null,
      stampSpace: null,
    } as unknown as LoadedDocument;
    ({ bytes } = await signDocument(
      {
        bytes,
        document,
        signers: [],
        signerId: 'warm-up',
        placements: [],
        signerName: 'Warm-up',
        signingTime: new Date(),
        appearance: { lines: ['Warm-up', 'SES', 'now'] },
        fontPlan: {},
        signer: warm.signer,
        tsa: { name: 'warm-up', maxTokenBytes: 64 },
        seal: round === 2,
      },
      madeUp,
    ));
  }
}
