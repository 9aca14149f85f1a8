import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { VERIFY_DOCUMENT_QUERY, VERIFY_PAGE } from '@signet/shared/verify/verify.constants';
import type {
  TVisualSignature,
  TVisualSignatureList,
} from '@signet/shared/visual-signature/visual-signature.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visualSignatures } from '../../db/schema/visual-signatures.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { decodeQrCodes, pdfsig, pdfText, requireTool } from '../../pdf/test-tools.ts';
import { signUp } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import { signBatch } from '../signing/testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
let t: App;
let token: string;
let email: string;

beforeAll(async () => {
  requireTool('pdftotext');
  requireTool('zbarimg');
  t = await createDocumentsTestApp();
  ({ token, email } = await signUp(t, { firstName: 'Łukasz' }));
});
afterAll(() => t.cleanup());

/** A signature as a person draws it: strokes on a transparent canvas, as PNG or JPEG. */
async function drawn(format: 'png' | 'jpeg' = 'png'): Promise<Uint8Array> {
  const canvas = createCanvas(600, 200);
  const ctx = canvas.getContext('2d');
  if (format === 'jpeg') {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 600, 200);
  }
  ctx.strokeStyle = '#123';
  ctx.lineWidth = 6;
  ctx.beginPath();
  ctx.moveTo(20, 150);
  ctx.bezierCurveTo(120, 10, 200, 190, 300, 60);
  ctx.bezierCurveTo(380, 10, 460, 180, 580, 40);
  ctx.stroke();
  return new Uint8Array(
    format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', 85),
  );
}

const body = {
  alias: 'Work',
  name: 'Łukasz Żółć-Ελένη',
  optionalLine: 'Müller AG, Zürich',
  language: 'de',
  location: 'Zürich',
  displayQr: true,
};

async function upload(id: string, bytes: Uint8Array, type = 'image/png') {
  return t.request<TVisualSignature & { code?: string }>('POST', `/api/v1/images/signature/${id}`, {
    token,
    body: bytes,
    headers: { 'Content-Type': type },
  });
}

describe('visual signatures', () => {
  let first: TVisualSignature;

  it('creates the first one as the default, lists and reads it', async () => {
    const created = await t.request<TVisualSignature>('POST', '/api/v1/user/visual-signatures', {
      token,
      body,
    });
    expect(created.status).toBe(201);
    first = created.body;
    expect(first).toMatchObject({
      alias: 'Work',
      optionalLine: 'Müller AG, Zürich',
      default: true,
      placeholder: true,
      hasCustomImage: false,
      image: null,
      displayDate: true,
      displayClaim: true,
      displayStandards: true,
      displayQr: true,
    });
    const list = await t.request<TVisualSignatureList>('GET', '/api/v1/user/visual-signatures', {
      token,
    });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.defaultSignature?.id).toBe(first.id);
    const byDefault = await t.request<TVisualSignature>('GET', '/api/v1/user/visual-signature', {
      token,
    });
    expect(byDefault.body.id).toBe(first.id);
  });

  it('takes a drawn PNG or a JPEG, re-encoded as PNG; previews the stamp as a PNG', async () => {
    const jpeg = await upload(first.id, await drawn('jpeg'), 'image/jpeg');
    expect(jpeg.status).toBe(200);
    // The browser's way: the multipart field `file`, with a boundary in mixed case as
    // Chromium writes it.
    const boundary = '----WebKitFormBoundaryAbCdEfGh12345678';
    const drawing = await drawn('png');
    const multipart = await t.app.request(`/api/v1/images/signature/${first.id}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="signature.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        Buffer.from(drawing),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(multipart.status, await multipart.clone().text()).toBe(200);
    const res = await upload(first.id, await drawn('png'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasCustomImage: true, placeholder: false });
    const image = await t.app.request(res.body.image as string, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(image.headers.get('content-type')).toBe('image/png');
    const stored = new Uint8Array(await image.arrayBuffer());
    expect(Buffer.from(stored.subarray(1, 4)).toString()).toBe('PNG');
    const preview = await t.app.request('/api/v1/user/preview-visual-signature', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await preview.arrayBuffer());
    // 300 × 140 points at twice the size.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([600, 280]);
    const unsaved = await t.request('POST', '/api/v1/user/preview-visual-signature', {
      token,
      body: { ...body, alias: 'Draft', displayQr: false, imageOf: first.id },
    });
    expect(unsaved.status).toBe(200);
  });

  it('refuses a script, an SVG, a non-image, a 30 MB image and a pixel bomb with 4xx codes, and keeps the image it had', async () => {
    const before = (
      await t.db.select().from(visualSignatures).where(eq(visualSignatures.id, first.id))
    )[0];
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await upload(first.id, svg, 'image/svg+xml')).body).toMatchObject({
      code: 'UNSUPPORTED_IMAGE',
    });
    const html = new TextEncoder().encode('<html><script>fetch("/api/v1/user")</script></html>');
    const script = await upload(first.id, html, 'image/png');
    expect(script.status).toBe(415);
    expect((await upload(first.id, await makeTestPdf(), 'image/png')).status).toBe(415);
    const big = new Uint8Array(30 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const large = await upload(first.id, big);
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    // A PNG whose header claims 40 000 × 40 000 pixels: refused before anything decodes it.
    const bomb = Buffer.from(await drawn('png'));
    bomb.writeUInt32BE(40_000, 16);
    bomb.writeUInt32BE(40_000, 20);
    const refused = await upload(first.id, new Uint8Array(bomb));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS' });
    // A PNG signature and header, then garbage.
    const broken = Buffer.from(await drawn('png')).subarray(0, 60);
    const unreadable = await upload(first.id, new Uint8Array(broken));
    expect(unreadable.status).toBe(422);
    expect(unreadable.body).toMatchObject({ code: 'IMAGE_UNREADABLE' });
    const after = (
      await t.db.select().from(visualSignatures).where(eq(visualSignatures.id, first.id))
    )[0];
    expect(after?.imageKey).toBe(before?.imageKey);
  });

  it('hides other people’s visual signatures (404) and moves the default when it is deleted', async () => {
    const other = await signUp(t);
    for (const [method, path] of [
      ['GET', `/api/v1/user/visual-signatures/${first.id}`],
      ['PUT', `/api/v1/user/visual-signatures/${first.id}`],
      ['DELETE', `/api/v1/user/visual-signatures/${first.id}`],
      ['GET', `/api/v1/images/signature/${first.id}`],
      ['DELETE', `/api/v1/images/signature/${first.id}`],
    ] as const) {
      const res = await t.request(method, path, {
        token: other.token,
        ...(method === 'PUT' ? { body } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const second = await t.request<TVisualSignature>('POST', '/api/v1/user/visual-signatures', {
      token,
      body: { ...body, alias: 'Private', optionalLine: null },
    });
    expect(second.body.default).toBe(false);
    const made = await t.request<TVisualSignature>(
      'PUT',
      `/api/v1/user/visual-signatures/${second.body.id}`,
      {
        token,
        body: { ...body, alias: 'Private', default: true },
      },
    );
    expect(made.body.default).toBe(true);
    const deleted = await t.request('DELETE', `/api/v1/user/visual-signatures/${second.body.id}`, {
      token,
    });
    expect(deleted.status).toBe(200);
    const list = await t.request<TVisualSignatureList>('GET', '/api/v1/user/visual-signatures', {
      token,
    });
    expect(list.body.defaultSignature?.id).toBe(first.id);
  });

  it('signs with it: the stamp carries the image, the name as written, the company, the claim and a QR code to /verify', async () => {
    const owner = await signUp(t);
    const doc = await uploadPdf(t, owner.token, await makeTestPdf({ pages: 2 }));
    const created = await t.request<TSignatureRequest>('POST', '/api/v3/signature-requests', {
      token: owner.token,
      body: {
        title: 'Vertrag',
        documents: [{ document_id: doc.id }],
        signatures: [
          {
            account_email: email,
            document_signatures: [
              // Below the last line of page 2, on blank paper (a QR code over text cannot be read).
              { document_id: doc.id, page: 2, x: 285, y: 722, width: 300, height: 115 },
            ],
          },
        ],
      },
    });
    await t.request('POST', `/api/v3/signature-requests/${created.body.id}/initiate`, {
      token: owner.token,
    });
    const signed = await signBatch(t, token, [
      { signatureRequestId: created.body.id, language: 'de' },
    ]);
    expect(signed[0]?.ok).toBe(true);
    const res = await t.app.request(`/api/v3/documents/${doc.id}/download`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(pdfsig(pdf).signatures[0]?.valid).toBe(true);
    const text = pdfText(pdf, 2);
    expect(text).toContain('Łukasz Żółć-Ελένη');
    expect(text).toContain('Müller AG, Zürich');
    expect(text).toContain('Unterzeichnet mit Signet');
    expect(text).toContain('Unterzeichnet in Zürich,');
    expect(text).not.toContain('Zürich, Unterzeichnet');
    // The QR code opens Signet's public verification of this document.
    const [qr, ...more] = decodeQrCodes(pdf, 2);
    expect(more).toEqual([]);
    expect(qr?.endsWith(`${VERIFY_PAGE}?${VERIFY_DOCUMENT_QUERY}=${doc.id}`), qr).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'signet-vs-'));
    try {
      writeFileSync(join(dir, 'doc.pdf'), pdf);
      const images = spawnSync('pdfimages', ['-f', '2', '-l', '2', '-list', 'doc.pdf'], {
        cwd: dir,
        encoding: 'utf8',
      }).stdout;
      // The drawn image (with its soft mask) is in the stamp on page 2.
      expect(images).toMatch(/^\s+2\s+\d+\s+image\s+600\s+200/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
