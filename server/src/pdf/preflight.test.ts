import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ActiveContent,
  makeActivePdf,
  makeGiantImagePdf,
  makeInflateBombPdf,
  makeManyPagesPdf,
  makeOperatorBombPdf,
  writeRawPdf,
} from './make-hostile-pdf.ts';
import { makeTestPdf } from './make-test-pdf.ts';
import { type PreflightOptions, preflightPdf } from './preflight.ts';
import { chromiumPdf, officePdf, qpdf, scanPdf, texPdf } from './world-pdfs.ts';

const options: PreflightOptions = { maxPages: 500, allowActiveContent: false };

/** The error a preflight throws, or fails the test when it passes. */
async function refusal(bytes: Uint8Array, opts: PreflightOptions = options) {
  const error = (await preflightPdf(bytes, opts).then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  )) as { code: string; status: number; message: string; details?: unknown };
  // Never a parser's own words: the message is ours, and details carry no "reason".
  expect(JSON.stringify(error.details ?? {})).not.toMatch(/reason|Error|at .*\.m?js/);
  return error;
}

describe('PDFs as the world makes them', () => {
  const world: Record<string, Uint8Array> = {};
  beforeAll(async () => {
    world.tex = texPdf(3);
    world.office = officePdf(2);
    world.chromium = chromiumPdf(2);
    world.scan = await scanPdf(2);
  }, 120_000);

  it.each(['tex', 'office', 'chromium', 'scan'])('accepts %s output', async (name) => {
    const info = await preflightPdf(world[name] as Uint8Array, options);
    expect(info.pages).toBeGreaterThanOrEqual(2);
    expect(info.signatures).toBe(0);
  });

  it('accepts them rewritten with object streams and linearized', async () => {
    for (const [name, bytes] of Object.entries(world)) {
      for (const args of [['--object-streams=generate'], ['--linearize']]) {
        const info = await preflightPdf(qpdf(bytes, args), options);
        expect(info.pages, `${name} ${args}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('refuses every encrypted layout with PDF_ENCRYPTED (never "unreadable")', async () => {
    const layouts = [
      [],
      ['--object-streams=generate'],
      ['--object-streams=disable'],
      ['--linearize'],
    ];
    const ciphers = [
      ['user', 'owner', '256'],
      ['', 'owner', '256'],
      ['user', 'owner', '128', '--use-aes=y'],
    ];
    for (const [name, bytes] of Object.entries(world)) {
      for (const layout of layouts) {
        for (const cipher of ciphers) {
          const encrypted = qpdf(bytes, ['--encrypt', ...cipher, '--', ...layout]);
          const e = await refusal(encrypted);
          expect(e.code, `${name} ${cipher.join(' ')} ${layout.join(' ')}`).toBe('PDF_ENCRYPTED');
        }
      }
    }
  }, 120_000);
});

describe('damaged and empty files', () => {
  it('refuses a truncated PDF, a broken cross-reference and garbage with a clear code', async () => {
    const pdf = await makeTestPdf({ pages: 2 });
    const truncated = pdf.subarray(0, Math.floor(pdf.length / 2));
    const garbage = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj << /Type /Catalog\nnot a pdf\n%%EOF',
    );
    for (const bytes of [truncated, garbage]) {
      const e = await refusal(bytes);
      expect(e.code).toBe('PDF_UNREADABLE');
      expect(e.message).toBe('The PDF is damaged and cannot be read.');
    }
    expect((await refusal(new TextEncoder().encode('hello'))).code).toBe('NOT_A_PDF');
  });

  it('refuses a PDF without pages and one with too many', async () => {
    const empty = writeRawPdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
      { dict: '<< /Type /Pages /Kids [] /Count 0 >>' },
    ]);
    expect((await refusal(empty)).code).toBe('PDF_NO_PAGES');
    const many = await refusal(makeManyPagesPdf(12), { ...options, maxPages: 10 });
    expect(many).toMatchObject({ code: 'TOO_MANY_PAGES', details: { pages: 12, limit: 10 } });
  });
});

describe('hostile files are refused at upload, quickly and within bounded memory', () => {
  it('a stream that inflates to 2 GiB: PDF_STREAM_TOO_LARGE', async () => {
    const started = performance.now();
    expect((await refusal(makeInflateBombPdf())).code).toBe('PDF_STREAM_TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('a page with two million operators: PDF_TOO_COMPLEX', async () => {
    expect((await refusal(makeOperatorBombPdf())).code).toBe('PDF_TOO_COMPLEX');
    expect((await refusal(makeOperatorBombPdf(2_000_000, true))).code).toBe('PDF_TOO_COMPLEX');
  });

  it('forms drawn inside forms count with every use', async () => {
    // A form of 1000 lines, drawn 100 times by a form that the page draws 100 times: 10 million.
    const lines = Buffer.from('0 0 m 1 1 l S\n'.repeat(333), 'latin1');
    const hundred = (name: string) => Buffer.from(`/${name} Do\n`.repeat(100), 'latin1');
    const bomb = writeRawPdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
      { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /XObject << /Outer 5 0 R >> >> >>',
      },
      { dict: '<< >>', stream: hundred('Outer') },
      {
        dict: '<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /Inner 6 0 R >> >> >>',
        stream: hundred('Inner'),
      },
      { dict: '<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] >>', stream: lines },
    ]);
    expect((await refusal(bomb)).code).toBe('PDF_TOO_COMPLEX');
  });

  it('a 30000 × 30000 image: PDF_IMAGE_TOO_LARGE', async () => {
    const e = await refusal(makeGiantImagePdf());
    expect(e).toMatchObject({
      code: 'PDF_IMAGE_TOO_LARGE',
      details: { width: 30000, height: 30000 },
    });
  });

  it('passes a scan of normal size and a form drawn a few times', async () => {
    const info = await preflightPdf(
      await makeTestPdf({ pages: 3, imageBytes: 3_000_000 }),
      options,
    );
    expect(info.pages).toBe(3);
  });
});

describe('active content', () => {
  it.each<ActiveContent>(['open-javascript', 'names-javascript', 'launch', 'page-action'])(
    '%s is refused with PDF_ACTIVE_CONTENT, and accepted when allowed',
    async (kind) => {
      const pdf = makeActivePdf(kind);
      const e = await refusal(pdf);
      expect(e.code).toBe('PDF_ACTIVE_CONTENT');
      expect(e.message).toMatch(/JavaScript|actions/);
      expect((e.details as { actions: string[] }).actions.length).toBeGreaterThan(0);
      const allowed = await preflightPdf(pdf, { ...options, allowActiveContent: true });
      expect(allowed.pages).toBe(1);
    },
  );

  it('keeps links a reader clicks, and an OpenAction that only opens a page', async () => {
    const pdf = writeRawPdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>' },
      { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Annots [5 0 R] >>',
      },
      { dict: '<< >>', stream: Buffer.from('0 0 m 10 10 l S', 'latin1') },
      {
        dict: '<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI (https://example.com) >> >>',
      },
    ]);
    expect((await preflightPdf(pdf, options)).pages).toBe(1);
  });

  it('refuses a link that runs JavaScript when clicked, and an action chained with /Next', async () => {
    const withLink = (action: string) =>
      writeRawPdf([
        { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
        { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>' },
        { dict: `<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A ${action} >>` },
      ]);
    expect((await refusal(withLink('<< /S /JavaScript /JS (app.alert(1)) >>'))).code).toBe(
      'PDF_ACTIVE_CONTENT',
    );
    expect(
      (
        await refusal(
          withLink('<< /S /GoTo /D [3 0 R /Fit] /Next << /S /Launch /F (cmd.exe) >> >>'),
        )
      ).code,
    ).toBe('PDF_ACTIVE_CONTENT');
  });
});
