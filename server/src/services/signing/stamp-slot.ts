import type { PDF } from '@libpdf/core';
import type { TDocumentSignature } from '@signet/shared/signature-request/signature-request.schema';
import type { PdfJobRunner } from '../../pdf/pool/pool.ts';
import type { SignatureField } from '../../pdf/signature-field.ts';
import type { StampPlan } from '../../pdf/stamp/plan.ts';
import type { LoadedDocument, LoadedRequest } from '../signature-requests/load-for-actor.ts';

/** Where this signer's stamp goes on one document, and what the first signature adds. */
export type StampPlacement = {
  /** The document parsed from `bytes` to plan the stamps (unchanged): signing reuses it. */
  parsed?: PDF;
  field: SignatureField;
  /** The plan to keep with the document (new at its first signature), if any. */
  plan: StampPlan | null;
  /** Signature pages this signature appends (the first signature only). */
  appendPages?: { count: number; size: { width: number; height: number } };
};

/** API placement (1-based page) → PDF field (0-based page). */
export const toField = (p: TDocumentSignature): SignatureField => ({
  page: p.page - 1,
  x: p.x,
  y: p.y,
  width: p.width,
  height: p.height,
});

/**
 * The stamp's place on document `d` for the signer `signerId`: their own placement (the call's,
 * else the one the sender saved), else their slot of the document's stamp plan — made now when
 * the document has none yet (pdf/stamp/plan.ts: blank space of the last page, else appended
 * signature pages), from `bytes`, its current version (measured by the PDF workers `pdf` when
 * the upload's measurement is missing). `ready`: `bytes` parsed already (unchanged), used
 * instead of parsing them again and handed on as `parsed`.
 */
export async function stampPlacement(
  pdf: PdfJobRunner,
  loaded: Pick<LoadedRequest, 'signers'>,
  d: LoadedDocument,
  bytes: Uint8Array,
  signerId: string,
  placements: readonly TDocumentSignature[],
  ready?: PDF,
): Promise<StampPlacement> {
  const own = placements.find((p) => p.document_id === d.id);
  const unplaced = loaded.signers.filter(
    (s) => !s.documentSignatures.some((p) => p.document_id === d.id),
  );
  if (own) return { field: toField(own), plan: null };
  let plan = d.stampPlan;
  let fresh = false;
  let parsed: PDF | undefined;
  if (!plan) {
    const [{ loadPdf }, { signatureValues }, { planStamps }] = await Promise.all([
      import('../../pdf/inspect.ts'),
      import('../../pdf/signature-field.ts'),
      import('../../pdf/stamp/plan.ts'),
    ]);
    // A version Signet stored (see loadPdf's `stored`).
    const doc = ready ?? (await loadPdf(bytes, { stored: true }));
    parsed = doc;
    const pages = doc.getPageCount();
    const box = doc.getPage(pages - 1)?.getCropBox() ?? { width: 595.28, height: 841.89 };
    plan = await planStamps({
      bytes,
      pdf,
      pages,
      lastPage: { width: box.width, height: box.height },
      count: Math.max(1, unplaced.length),
      placed: loaded.signers.flatMap((s) =>
        s.documentSignatures
          .filter((p) => p.document_id === d.id && p.page === pages)
          .map((p) => ({ x: p.x, y: p.y, width: p.width, height: p.height })),
      ),
      // Pages are added only before the file's first signature, so every signature covers them.
      canAppend: signatureValues(doc).length === 0,
      measured: d.stampSpace,
    });
    fresh = true;
  }
  const index = Math.max(
    0,
    unplaced.findIndex((s) => s.id === signerId),
  );
  const slot = plan.slots[index % plan.slots.length];
  if (!slot) throw new Error('A stamp plan without slots');
  return {
    ...(parsed ? { parsed } : {}),
    field: { page: slot.page, x: slot.x, y: slot.y, width: slot.width, height: slot.height },
    plan: fresh ? plan : null,
    ...(fresh && plan.append > 0
      ? { appendPages: { count: plan.append, size: plan.pageSize } }
      : {}),
  };
}
