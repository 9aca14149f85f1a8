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

/** The text of a PDF as poppler's pdftotext reads it (layout kept). */
export function pdfText(bytes: Uint8Array): string {
  return withFile(bytes, (path) => {
    const { status, output } = run('pdftotext', ['-layout', path, '-']);
    if (status !== 0) throw new Error(output);
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

/** `mutool sign -v` (MuPDF, a second validator): one verdict line per signature. */
export function mutoolVerify(bytes: Uint8Array): { status: number; output: string } {
  return withFile(bytes, (path) => run('mutool', ['sign', '-v', path]));
}

function derToPem(der: Uint8Array): string {
  const b64 = Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`;
}

/** Attribute checks of PAdES B-B on one `openssl cms -print` output. */
export function signedAttributeNames(printed: string): string[] {
  const section = printed.split('signedAttrs:')[1]?.split(/signatureAlgorithm:/)[0] ?? '';
  return [...section.matchAll(/object: (\S+) \(([\d.]+)\)/g)].map((m) => m[2] ?? '');
}
