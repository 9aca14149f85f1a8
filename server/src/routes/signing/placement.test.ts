import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureName, realWorldFixture } from '../../../bench/documents.ts';
import { pdfsig, pdfWordBoxes, requireTool, signatureBoxes } from '../../pdf/test-tools.ts';
import { signUp } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import { signBatch } from './testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
let t: App;

beforeAll(async () => {
  requireTool('pdfsig');
  requireTool('pdftotext');
  t = await createDocumentsTestApp();
});
afterAll(() => t.cleanup());

/**
 * PDFs as the world makes them (pdfTeX, Chromium's print, LibreOffice, a scanner's image PDF;
 * shipped in test-fixtures/real-world, made by bench/documents.ts), each signed by signers who
 * placed nothing: no stamp may cover a word of the original document (poppler's word boxes
 * against the stamps' rectangles), and the stamps go where the measured last page has room for
 * all of them, else on a new page (the scan's last page is full; three stamps do not fit below
 * the text of the TeX and office pages, one does).
 */
const PRODUCERS: [FixtureName, number, 'last page' | 'new page'][] = [
  ['tex-3p', 1, 'last page'],
  ['tex-3p', 3, 'new page'],
  ['chromium-2p', 3, 'last page'],
  ['office-2p', 1, 'last page'],
  ['office-2p', 3, 'new page'],
  ['scan-2p', 3, 'new page'],
];

describe('stamps without a placement, on real documents', () => {
  it.each(PRODUCERS)(
    '%s, %i signers: no stamp covers any word, stamps on the %s, every signature valid',
    async (name, count, where) => {
      const bytes = realWorldFixture(name);
      const owner = await signUp(t);
      const signers = [];
      for (let i = 0; i < count; i++) signers.push(await signUp(t));
      const uploaded = await uploadPdf(t, owner.token, bytes, name);
      const created = await t.request<TSignatureRequest>('POST', '/api/v3/signature-requests', {
        token: owner.token,
        body: {
          title: name,
          documents: [{ document_id: uploaded.id }],
          signatures: signers.map((s, i) => ({ account_email: s.email, order: i })),
        },
      });
      expect(created.status).toBe(201);
      await t.request('POST', `/api/v3/signature-requests/${created.body.id}/initiate`, {
        token: owner.token,
      });
      for (const s of signers) {
        const result = await signBatch(t, s.token, [{ signatureRequestId: created.body.id }]);
        expect(result[0]?.ok, JSON.stringify(result)).toBe(true);
      }
      const res = await t.app.request(`/api/v3/documents/${uploaded.id}/download`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      });
      const signed = new Uint8Array(await res.arrayBuffer());
      const stamps = await signatureBoxes(signed);
      expect(stamps).toHaveLength(count);
      // The measured last page had room (or not): a failed measurement would add a page.
      const pages = stamps.map((s) => s.page);
      expect(pages).toEqual(
        Array(count).fill(where === 'last page' ? uploaded.page_count : uploaded.page_count + 1),
      );
      const words = pdfWordBoxes(bytes);
      const covered = stamps.flatMap((s) =>
        words.filter(
          (w) => w.page === s.page && w.x1 < s.x2 && w.x2 > s.x1 && w.y1 < s.y2 && w.y2 > s.y1,
        ),
      );
      expect(covered.map((w) => `${w.page}:${w.text}`)).toEqual([]);
      // Nor each other.
      for (const [i, a] of stamps.entries()) {
        for (const b of stamps.slice(i + 1)) {
          expect(
            a.page === b.page && a.x1 < b.x2 && a.x2 > b.x1 && a.y1 < b.y2 && a.y2 > b.y1,
          ).toBe(false);
        }
      }
      const verdict = pdfsig(signed).signatures;
      expect(verdict.slice(0, count).map((v) => v.valid)).toEqual(Array(count).fill(true));
    },
    120_000,
  );
});
