import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The outside verifiers the signing tests trust: poppler's pdfsig, qpdf and openssl.
 * A missing tool fails the test with the package to install — never a silent skip.
 */

const PACKAGES = {
  pdfsig: 'poppler-utils',
  pdftotext: 'poppler-utils',
  qpdf: 'qpdf',
  openssl: 'openssl',
  mutool: 'mupdf-tools',
  zbarimg: 'zbar-tools',
} as const;
type Tool = keyof typeof PACKAGES;

export function requireTool(tool: Tool): void {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
  if (found.status !== 0) {
    throw new Error(
      `${tool} is not installed; these tests need it: apt-get install -y ${PACKAGES[tool]}`,
    );
  }
}

function run(tool: Tool, args: string[], cwd?: string): { status: number; output: string } {
  requireTool(tool);
  const result = spawnSync(tool, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status ?? -1, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

function withFile<T>(bytes: Uint8Array, use: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'signet-pdf-'));
  try {
    const path = join(dir, 'doc.pdf');
    writeFileSync(path, bytes);
    return use(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type PdfsigSignature = {
  valid: boolean;
  totalDocument: boolean;
  subFilter?: string;
  text: string;
};

/** The text poppler's pdftotext reads (layout kept) from one page (1-based), or from every page. */
export function pdfText(bytes: Uint8Array, page?: number): string {
  return withFile(bytes, (path) => {
    const range = page ? ['-f', String(page), '-l', String(page)] : [];
    const { status, output } = run('pdftotext', ['-layout', ...range, path, '-']);
    if (status !== 0) throw new Error(`pdftotext failed: ${output}`);
    return output;
  });
}

/** pdfsig's verdict: exit status and one entry per signature, in file order. */
export function pdfsig(bytes: Uint8Array): {
  status: number;
  output: string;
  signatures: PdfsigSignature[];
} {
  return withFile(bytes, (path) => {
    const { status, output } = run('pdfsig', ['-nocert', path]);
    const blocks = output.split(/^Signature #\d+:$/m).slice(1);
    const signatures = blocks.map((text) => ({
      valid: /Signature Validation: Signature is Valid\./.test(text),
      totalDocument: /Total document signed/.test(text) && !/Not total document signed/.test(text),
      subFilter: /Signature Type: (\S+)/.exec(text)?.[1],
      text,
    }));
    return { status, output, signatures };
  });
}

/** The CMS of every signature (`pdfsig -dump`), printed by `openssl cms -cmsout -print`. */
export function dumpSignatureCms(bytes: Uint8Array): string[] {
  return withFile(bytes, (path, dir) => {
    run('pdfsig', ['-nocert', '-dump', path], dir);
    const files = readdirSync(dir)
      .filter((name) => /\.sig\d+$/.test(name))
      .sort((a, b) => Number(/\d+$/.exec(a)?.[0]) - Number(/\d+$/.exec(b)?.[0]));
    return files.map((name) => {
      const printed = run('openssl', [
        'cms',
        '-inform',
        'DER',
        '-in',
        join(dir, name),
        '-cmsout',
        '-print',
      ]);
      if (printed.status !== 0) throw new Error(`openssl cannot parse ${name}: ${printed.output}`);
      return printed.output;
    });
  });
}

/** `qpdf --check`: status 0 only when qpdf finds neither errors nor warnings. */
export function qpdfCheck(bytes: Uint8Array): { status: number; output: string } {
  return withFile(bytes, (path) => run('qpdf', ['--check', path]));
}

/** An encrypted copy made by qpdf (AES-256), with an empty or a real user password. */
export function qpdfEncrypt(bytes: Uint8Array, userPassword: string): Uint8Array {
  return withFile(bytes, (path, dir) => {
    const out = join(dir, 'encrypted.pdf');
    const result = run('qpdf', [
      '--encrypt',
      userPassword,
      'owner-password',
      '256',
      '--',
      path,
      out,
    ]);
    if (result.status !== 0) throw new Error(`qpdf --encrypt failed: ${result.output}`);
    return new Uint8Array(readFileSync(out));
  });
}

/** A linearized or object-stream copy, the shapes real producers write. */
export function qpdfRewrite(bytes: Uint8Array, args: string[]): Uint8Array {
  return withFile(bytes, (path, dir) => {
    const out = join(dir, 'rewritten.pdf');
    const result = run('qpdf', [...args, path, out]);
    if (result.status !== 0) throw new Error(`qpdf ${args.join(' ')} failed: ${result.output}`);
    return new Uint8Array(readFileSync(out));
  });
}

/** `openssl cms -verify` of a detached CMS over `content`, trusting `rootDer`. */
export function opensslVerifyCms(
  cms: Uint8Array,
  content: Uint8Array,
  rootDer: Uint8Array,
): { status: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'signet-cms-'));
  try {
    writeFileSync(join(dir, 'sig.der'), cms);
    writeFileSync(join(dir, 'content.bin'), content);
    writeFileSync(join(dir, 'root.pem'), derToPem(rootDer));
    return run('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      join(dir, 'sig.der'),
      '-content',
      join(dir, 'content.bin'),
      '-CAfile',
      join(dir, 'root.pem'),
      '-purpose',
      'any',
      '-out',
      join(dir, 'out.bin'),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `openssl cms -cmsout -print` of one DER CMS. */
export function dumpCms(cms: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'signet-cms-'));
  try {
    writeFileSync(join(dir, 'sig.der'), cms);
    const printed = run('openssl', [
      'cms',
      '-inform',
      'DER',
      '-in',
      join(dir, 'sig.der'),
      '-cmsout',
      '-print',
    ]);
    if (printed.status !== 0) throw new Error(`openssl cannot parse the CMS: ${printed.output}`);
    return printed.output;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `openssl ts -verify` of a time-stamp token over a SHA-256 digest (hex), trusting `rootDer`
 * (the token must carry the TSA certificate, which must chain to the root with the
 * time-stamping key usage).
 */
export function opensslTsVerify(
  token: Uint8Array,
  digestHex: string,
  rootDer: Uint8Array,
): { status: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'signet-ts-'));
  try {
    writeFileSync(join(dir, 'token.der'), token);
    writeFileSync(join(dir, 'root.pem'), derToPem(rootDer));
    return run('openssl', [
      'ts',
      '-verify',
      '-digest',
      digestHex,
      '-in',
      join(dir, 'token.der'),
      '-token_in',
      '-CAfile',
      join(dir, 'root.pem'),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A word poppler finds, with its box in points from the page's top-left corner. */
export type WordBox = {
  page: number;
  text: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
};

/** Every word of the document with its box (`pdftotext -bbox`), pages 1-based. */
export function pdfWordBoxes(bytes: Uint8Array): WordBox[] {
  return withFile(bytes, (path) => {
    const { status, output } = run('pdftotext', ['-bbox', path, '-']);
    if (status !== 0) throw new Error(`pdftotext -bbox failed: ${output}`);
    const words: WordBox[] = [];
    let page = 0;
    for (const line of output.split('\n')) {
      if (line.includes('<page ')) page++;
      const m =
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(
          line,
        );
      if (!m) continue;
      words.push({
        page,
        x1: Number(m[1]),
        y1: Number(m[2]),
        x2: Number(m[3]),
        y2: Number(m[4]),
        text: m[5] ?? '',
      });
    }
    return words;
  });
}

/**
 * The signature widgets of a PDF with a visible box: their page (1-based) and rectangle in points
 * from the page's top-left corner (the way `pdftotext -bbox` measures words).
 */
export async function signatureBoxes(
  bytes: Uint8Array,
): Promise<{ name: string; page: number; x1: number; y1: number; x2: number; y2: number }[]> {
  const { PDF } = await import('@libpdf/core');
  const doc = await PDF.load(bytes);
  const pages = doc.getPages();
  const out: { name: string; page: number; x1: number; y1: number; x2: number; y2: number }[] = [];
  for (const field of doc.getForm()?.getSignatureFields() ?? []) {
    const dict = field.getDict();
    const rect = dict.get('Rect');
    const nums =
      rect?.type === 'array' ? rect.toArray().map((n) => (n.type === 'number' ? n.value : 0)) : [];
    const [llx = 0, lly = 0, urx = 0, ury = 0] = nums;
    if (urx - llx <= 0 || ury - lly <= 0) continue;
    const p = dict.get('P');
    const index = pages.findIndex(
      (pg) => p?.type === 'ref' && pg.ref.objectNumber === p.objectNumber,
    );
    const box = pages[index]?.getCropBox();
    if (!box) continue;
    out.push({
      name: field.name,
      page: index + 1,
      x1: llx - box.x,
      x2: urx - box.x,
      y1: box.y + box.height - ury,
      y2: box.y + box.height - lly,
    });
  }
  return out;
}

/** The QR codes on one page (1-based) as a phone would read them: MuPDF renders, zbar decodes. */
export function decodeQrCodes(bytes: Uint8Array, page: number): string[] {
  return withFile(bytes, (path, dir) => {
    const drawn = run('mutool', ['draw', '-r', '200', '-o', 'page.png', path, String(page)], dir);
    if (drawn.status !== 0) throw new Error(`mutool draw failed: ${drawn.output}`);
    // QR codes only (zbar's other decoders chatter on stderr); exit 4 is "none found", not an error.
    requireTool('zbarimg');
    const found = spawnSync(
      'zbarimg',
      ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', 'page.png'],
      { cwd: dir, encoding: 'utf8' },
    );
    if (found.status !== 0 && found.status !== 4) {
      throw new Error(`zbarimg failed: ${found.stderr}`);
    }
    return found.stdout.split('\n').filter((line) => line.length > 0);
  });
}

/** One page (1-based) drawn by MuPDF as PNG bytes, annotations (signature widgets) included. */
export function renderPage(bytes: Uint8Array, page: number, dpi = 100): Buffer {
  return withFile(bytes, (path, dir) => {
    const out = join(dir, 'page.png');
    const { status, output } = run('mutool', [
      'draw',
      '-q',
      '-r',
      String(dpi),
      '-o',
      out,
      path,
      String(page),
    ]);
    if (status !== 0) throw new Error(`mutool draw failed: ${output}`);
    return readFileSync(out);
  });
}

/** `mutool sign -v` (MuPDF, a second validator): one verdict line per signature. */
export function mutoolVerify(bytes: Uint8Array): { status: number; output: string } {
  return withFile(bytes, (path) => run('mutool', ['sign', '-v', path]));
}

function derToPem(der: Uint8Array): string {
  const b64 = Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`;
}

/** Attribute checks of PAdES B-B on one `openssl cms -print` output. */
/**
 * The qcStatements extension value of the signing certificate in one `dumpSignatureCms` print
 * (`openssl cms -print`); throws when the certificate has none.
 */
export function qcStatementsOf(printed: string): Buffer {
  const after = printed.split('object: qcStatements')[1] ?? '';
  const block = after.split(/object: |sig_alg:/)[0] ?? '';
  const hex = [...block.matchAll(/^\s+[0-9a-f]{4} - ((?:[0-9a-f]{2}[ -]){1,16})/gm)]
    .map((m) => (m[1] ?? '').replace(/[ -]/g, ''))
    .join('');
  if (hex.length <= 20) throw new Error('no qcStatements in the signing certificate');
  return Buffer.from(hex, 'hex');
}

export function signedAttributeNames(printed: string): string[] {
  const section = printed.split('signedAttrs:')[1]?.split(/signatureAlgorithm:/)[0] ?? '';
  return [...section.matchAll(/object: (\S+) \(([\d.]+)\)/g)].map((m) => m[2] ?? '');
}
