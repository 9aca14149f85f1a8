import { createHash } from 'node:crypto';
import type { TDocument } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/outbox.ts';
import { createWorker } from '../../jobs/worker.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { qpdfEncrypt } from '../../pdf/test-tools.ts';
import { pageImageSettings } from '../../services/documents/page-image.ts';
import { RENDER_JOB_KIND, renderJobHandlers } from '../../services/documents/render-job.ts';
import { FsBlobStore } from '../../storage/fs-blob-store.ts';
import { testPdfPool } from '../../testing/pdf-pool.ts';
import { signUp } from '../auth/testing.ts';
import {
  blobFiles,
  createDocumentsTestApp,
  documentCount,
  uploadMultipart,
  uploadPdf,
} from './testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
const MAX_BYTES = 2 * 1024 * 1024;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let t: App;
let token: string;
let pdf: Uint8Array;

beforeAll(async () => {
  // Small limits, so the refusals are cheap to provoke (and the limits are shown configurable).
  t = await createDocumentsTestApp({ MAX_UPLOAD_BYTES: String(MAX_BYTES), MAX_PAGES: '5' });
  token = (await signUp(t)).token;
  pdf = await makeTestPdf({ pages: 2 });
});
afterAll(() => t.cleanup());

describe('upload refusals: a clear 4xx and nothing stored', () => {
  const cases: [string, () => Promise<Response>, number, string][] = [
    [
      'wrong magic bytes',
      async () =>
        uploadMultipart(t, token, new TextEncoder().encode('hello, I am a text file'), 'a.pdf'),
      415,
      'NOT_A_PDF',
    ],
    [
      'PNG renamed to .pdf',
      async () =>
        uploadMultipart(
          t,
          token,
          Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0),
          'b.pdf',
        ),
      415,
      'NOT_A_PDF',
    ],
    [
      'unparseable PDF',
      async () =>
        uploadMultipart(
          t,
          token,
          new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog\nthis is not a pdf\n%%EOF'),
          'c.pdf',
        ),
      422,
      'PDF_UNREADABLE',
    ],
    [
      'encrypted PDF',
      async () => uploadMultipart(t, token, qpdfEncrypt(pdf, 'secret'), 'd.pdf'),
      422,
      'PDF_ENCRYPTED',
    ],
    [
      'encrypted PDF with an empty user password',
      async () => uploadMultipart(t, token, qpdfEncrypt(pdf, ''), 'e.pdf'),
      422,
      'PDF_ENCRYPTED',
    ],
    [
      'more pages than MAX_PAGES',
      async () => uploadMultipart(t, token, await makeTestPdf({ pages: 6 }), 'f.pdf'),
      422,
      'TOO_MANY_PAGES',
    ],
    [
      'multipart larger than MAX_UPLOAD_BYTES',
      async () =>
        uploadMultipart(t, token, await makeTestPdf({ imageBytes: MAX_BYTES + 10_000 }), 'g.pdf'),
      413,
      'DOCUMENT_TOO_LARGE',
    ],
    [
      'base64 JSON larger than MAX_UPLOAD_BYTES',
      async () =>
        t.app.request('/api/v3/documents', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            title: 'big',
            content: Buffer.from(await makeTestPdf({ imageBytes: MAX_BYTES + 10_000 })).toString(
              'base64',
            ),
          }),
        }),
      413,
      'DOCUMENT_TOO_LARGE',
    ],
    [
      'JSON without a title',
      async () =>
        t.app.request('/api/v3/documents', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ content: Buffer.from(pdf).toString('base64') }),
        }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'multipart without a file',
      async () => {
        const form = new FormData();
        form.set('title', 'nothing');
        return t.app.request('/api/v3/documents', {
          method: 'POST',
          body: form,
          headers: { Authorization: `Bearer ${token}` },
        });
      },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'another content type',
      async () =>
        t.app.request('/api/v3/documents', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/pdf' },
          body: pdf as Uint8Array<ArrayBuffer>,
        }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  ];

  it.each(cases)('%s', async (_name, send, status, code) => {
    const blobsBefore = blobFiles(t.dataDir);
    const rowsBefore = await documentCount(t);
    const res = await send();
    const body = (await res.json()) as { code: string; message: string };
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(body.code).toBe(code);
    expect(body.message.length).toBeGreaterThan(10);
    expect(blobFiles(t.dataDir)).toEqual(blobsBefore);
    expect(await documentCount(t)).toBe(rowsBefore);
  });

  it('needs a signed-in caller', async () => {
    const res = await uploadMultipart(t, '', pdf);
    expect(res.status).toBe(401);
  });
});

describe('upload, read, download, delete', () => {
  it('multipart: 201 with size, pages and SHA-256; the title comes from the file name', async () => {
    const res = await uploadMultipart(t, token, pdf, 'Mietvertrag 2026.pdf');
    const doc = (await res.json()) as TDocument;
    expect(res.status, JSON.stringify(doc)).toBe(201);
    expect(doc).toMatchObject({
      title: 'Mietvertrag 2026',
      size: pdf.length,
      page_count: 2,
      sha256: sha(pdf),
      signed_sha256: null,
    });
    expect(blobFiles(t.dataDir)).toContain(
      `${sha(pdf).slice(0, 2)}/${sha(pdf).slice(2, 4)}/${sha(pdf)}`,
    );
    const got = await t.request<TDocument>('GET', `/api/v3/documents/${doc.id}`, { token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(doc);
  });

  it('multipart with a mixed-case boundary, as Chromium sends it', async () => {
    const boundary = '----WebKitFormBoundaryZhiROe7QxVb2KqAa';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Offer.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const body = Buffer.concat([
      Buffer.from(head),
      Buffer.from(pdf),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.request('/api/v3/documents', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as TDocument).sha256).toBe(sha(pdf));
  });

  it('base64 JSON: 201, and the download is the same bytes under the title', async () => {
    const doc = await uploadPdf(t, token, pdf, 'Vertrag Müller');
    expect(doc.sha256).toBe(sha(pdf));
    const res = await t.app.request(`/api/v3/documents/${doc.id}/download`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Vertrag M_ller.pdf"; filename*=UTF-8''Vertrag%20M%C3%BCller.pdf`,
    );
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
  });

  it("falls back to '{id}.pdf' when the title leaves no usable file name", async () => {
    const doc = await uploadPdf(t, token, pdf, '***');
    const res = await t.app.request(`/api/v3/documents/${doc.id}/download?signed=false`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename="${doc.id}.pdf"`);
  });

  it('strangers get 404 for read, download, pages and delete; malformed ids too', async () => {
    const doc = await uploadPdf(t, token, pdf);
    const stranger = (await signUp(t)).token;
    for (const path of [
      `/api/v3/documents/${doc.id}`,
      `/api/v3/documents/${doc.id}/download`,
      `/api/v3/documents/${doc.id}/pages/1`,
    ]) {
      const res = await t.request<{ code: string }>('GET', path, { token: stranger });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect(
      (await t.request('DELETE', `/api/v3/documents/${doc.id}`, { token: stranger })).status,
    ).toBe(404);
    expect((await t.request('GET', '/api/v3/documents/not-a-uuid', { token })).status).toBe(404);
  });

  it('delete: the row and the blob are gone (unless another document has the same bytes)', async () => {
    const unique = await makeTestPdf({ pages: 1, title: 'only once' });
    const doc = await uploadPdf(t, token, unique);
    const path = `${doc.sha256.slice(0, 2)}/${doc.sha256.slice(2, 4)}/${doc.sha256}`;
    expect(blobFiles(t.dataDir)).toContain(path);
    const twin = await uploadPdf(t, token, unique, 'twin');
    expect((await t.request('DELETE', `/api/v3/documents/${doc.id}`, { token })).status).toBe(200);
    expect((await t.request('GET', `/api/v3/documents/${doc.id}`, { token })).status).toBe(404);
    expect(blobFiles(t.dataDir)).toContain(path);
    expect((await t.request('DELETE', `/api/v3/documents/${twin.id}`, { token })).status).toBe(200);
    expect(blobFiles(t.dataDir)).not.toContain(path);
  });
});

describe('page images', () => {
  it('503 with Retry-After while rendering, 200 PNG once the render job ran, then cached', async () => {
    const doc = await uploadPdf(t, token, await makeTestPdf({ pages: 3, title: 'pages' }));
    const store = new FsBlobStore(t.dataDir);
    const worker = createWorker({
      db: t.db,
      log: t.deps.log,
      mailer: t.deps.mailer,
      config: t.config,
      handlers: renderJobHandlers({ db: t.db, blobs: store, pdf: testPdfPool() }),
    });
    const wait = pageImageSettings.waitMs;
    pageImageSettings.waitMs = 0; // answer at once, as a slow page would
    try {
      const first = await t.request<{ code: string; message: string }>(
        'GET',
        `/api/v3/documents/${doc.id}/pages/1`,
        { token },
      );
      expect(first.status).toBe(503);
      expect(first.headers.get('retry-after')).toBe('1');
      expect(first.body.code).toBe('RENDERING');
      // The upload queued a render job for page 1: run it.
      await worker.drain();
      const renders = await t.db.select().from(jobs).where(eq(jobs.kind, RENDER_JOB_KIND));
      const job = renders.find((j) => (j.payload as { sha256: string }).sha256 === doc.sha256);
      expect(job?.status).toBe('delivered');
    } finally {
      pageImageSettings.waitMs = wait;
    }
    const res = await t.app.request(`/api/v3/documents/${doc.id}/pages/1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    const png = new Uint8Array(await res.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    // IHDR: 100 % of an A4 page in points.
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([595, 842]);
    const etag = res.headers.get('etag') as string;
    const again = await t.app.request(`/api/v3/documents/${doc.id}/pages/1`, {
      headers: { Authorization: `Bearer ${token}`, 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);

    // Another scale renders in the call itself when it is done within the wait (a generous one
    // here: 300 ms is too short for a loaded test machine, and the render is what is tested).
    pageImageSettings.waitMs = 20_000;
    let half: Response;
    try {
      half = await t.app.request(`/api/v3/documents/${doc.id}/pages/2?scale=50`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    } finally {
      pageImageSettings.waitMs = wait;
    }
    expect(half.status).toBe(200);
    const small = new DataView(await half.arrayBuffer());
    expect(small.getUint32(16)).toBe(298);
  });

  it('a render that fails ends in a 4xx JSON, also on the retry', async () => {
    const doc = await uploadPdf(t, token, await makeTestPdf({ pages: 1, title: 'lost' }));
    // The stored PDF vanished (say, removed from the bucket by hand): the render cannot work.
    await new FsBlobStore(t.dataDir).delete(doc.sha256);
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await t.request<{ code: string; message: string }>(
        'GET',
        `/api/v3/documents/${doc.id}/pages/1`,
        { token },
      );
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('BLOB_NOT_FOUND');
      expect(res.body.message).toBeTruthy();
    }
  });

  it('pages outside the document and bad scales are 4xx JSON', async () => {
    const doc = await uploadPdf(t, token, pdf);
    const missing = await t.request<{ code: string }>(
      'GET',
      `/api/v3/documents/${doc.id}/pages/3`,
      { token },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('PAGE_NOT_FOUND');
    for (const q of ['scale=5', 'scale=1000', 'scale=abc']) {
      const bad = await t.request<{ code: string }>(
        'GET',
        `/api/v3/documents/${doc.id}/pages/1?${q}`,
        { token },
      );
      expect(bad.status, q).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await t.request('GET', `/api/v3/documents/${doc.id}/pages/0`, { token })).status).toBe(
      400,
    );
  });
});
