import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * PDFs as the world makes them, for tests and benchmarks: pdfTeX, LibreOffice, Chromium's
 * print, a scanner (images wrapped by img2pdf). Each is made by the real tool on this machine
 * (a missing tool fails with the Debian package to install, never a skip). Results are kept in
 * a cache folder under the system's temp dir, keyed by their inputs, so a suite pays a tool's
 * start once.
 */

const PACKAGES = {
  pdflatex: 'texlive-latex-base texlive-fonts-recommended texlive-latex-recommended',
  soffice: 'libreoffice-writer',
  chromium: 'chromium',
  img2pdf: 'img2pdf',
  qpdf: 'qpdf',
} as const;
type Tool = keyof typeof PACKAGES;

function need(tool: Tool): void {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
  if (found.status !== 0) {
    throw new Error(`${tool} is not installed; apt-get install -y ${PACKAGES[tool]}`);
  }
}

const cacheDir = join(tmpdir(), 'signet-world-pdfs');

/** Runs `make` in a scratch folder unless a result for the same inputs is cached. */
function cached(name: string, inputs: string, make: (dir: string) => string): Uint8Array {
  const key = createHash('sha256').update(`${name}\n${inputs}`).digest('hex').slice(0, 16);
  const file = join(cacheDir, `${name}-${key}.pdf`);
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  mkdirSync(cacheDir, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), `signet-${name}-`));
  try {
    const out = make(dir);
    const bytes = readFileSync(out);
    // Written beside and renamed: parallel test files never read half a file.
    const temp = `${file}.${process.pid}.part`;
    writeFileSync(temp, bytes);
    spawnSync('mv', ['-f', temp, file]);
    return new Uint8Array(bytes);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(cmd: string, args: string[], cwd: string, timeoutMs = 120_000): void {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: timeoutMs });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  }
}

const CONTRACT_TEXT = [
  'Vertrag über Dienstleistungen zwischen der Müller AG, Zürich, und Łukasz Wójcik, Łódź.',
  'Zażółć gęślą jaźń. Größe, Maße, Fußgänger.',
  'Ξεσκεπάζω την ψυχοφθόρα βδελυγμία — Σύμβαση παροχής υπηρεσιών.',
  'Die Parteien vereinbaren die Leistungen, Preise und Fristen, wie sie hier beschrieben sind.',
];

/**
 * A pdfTeX article (object streams, Type 1 fonts, hyperlinks) with Polish and German text;
 * about `pages` pages. (Greek needs TeX language packages this machine lacks: the office and
 * Chromium documents carry it.)
 */
export function texPdf(pages = 3): Uint8Array {
  need('pdflatex');
  const latin = CONTRACT_TEXT.filter((p) => !/[Α-ω]/.test(p)).join(' ');
  const paragraphs = Array.from(
    { length: pages * 7 },
    (_, i) => `\\paragraph{\\S${i + 1}} ${latin} ${latin}`,
  ).join('\n\n');
  const source = `\\documentclass{article}
\\usepackage[utf8]{inputenc}
\\usepackage[T1]{fontenc}
\\usepackage{lmodern}
\\usepackage{hyperref}
\\title{Dienstleistungsvertrag}
\\begin{document}
\\maketitle
\\href{https://example.com/terms}{AGB}
${paragraphs}
\\end{document}
`;
  return cached('tex', source, (dir) => {
    writeFileSync(join(dir, 'doc.tex'), source);
    run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'doc.tex'], dir);
    return join(dir, 'doc.pdf');
  });
}

function html(pages: number): string {
  const body = Array.from(
    { length: pages },
    (_, i) =>
      `<section style="page-break-after:always"><h1>Seite ${i + 1}</h1>${CONTRACT_TEXT.map((p) => `<p>${p}</p>`).join('')}<table border="1"><tr><td>Preis</td><td>CHF 1’200.–</td></tr></table></section>`,
  ).join('');
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Angebot</title></head><body>${body}</body></html>`;
}

/** A document printed by LibreOffice Writer (from HTML). */
export function officePdf(pages = 2): Uint8Array {
  need('soffice');
  const source = html(pages);
  return cached('office', source, (dir) => {
    writeFileSync(join(dir, 'doc.html'), source);
    run(
      'soffice',
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        'pdf:writer_pdf_Export',
        '--outdir',
        dir,
        join(dir, 'doc.html'),
      ],
      dir,
    );
    return join(dir, 'doc.pdf');
  });
}

/** A page printed by Chromium (headless print to PDF). */
export function chromiumPdf(pages = 2): Uint8Array {
  need('chromium');
  const source = html(pages);
  return cached('chromium', source, (dir) => {
    writeFileSync(join(dir, 'doc.html'), source);
    run(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-pdf-header-footer',
        `--print-to-pdf=${join(dir, 'doc.pdf')}`,
        `file://${join(dir, 'doc.html')}`,
      ],
      dir,
    );
    return join(dir, 'doc.pdf');
  });
}

/**
 * A "scan": `pages` grey A4 JPEG pages at `dpi` (paper noise and a line of text, drawn with
 * @napi-rs/canvas), wrapped into a PDF by img2pdf as scanner software does.
 */
export async function scanPdf(pages = 2, dpi = 150): Promise<Uint8Array> {
  need('img2pdf');
  const { createCanvas } = await import('@napi-rs/canvas');
  const w = Math.round(8.27 * dpi);
  const h = Math.round(11.69 * dpi);
  const jpegs: Buffer[] = [];
  for (let i = 0; i < pages; i++) {
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(w, h);
    let x = 0x2545f491 + i;
    for (let p = 0; p < image.data.length; p += 4) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const v = 235 + (x & 15);
      image.data[p] = v;
      image.data[p + 1] = v;
      image.data[p + 2] = v;
      image.data[p + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
    ctx.fillStyle = '#222';
    ctx.font = `${Math.round(dpi / 6)}px sans-serif`;
    ctx.fillText(`Scanned page ${i + 1}: ${CONTRACT_TEXT[0]}`, dpi, dpi * 1.5);
    jpegs.push(canvas.encodeSync('jpeg', 80));
  }
  const inputs = createHash('sha256');
  for (const j of jpegs) inputs.update(j);
  return cached('scan', inputs.digest('hex'), (dir) => {
    const files = jpegs.map((jpeg, i) => {
      const file = join(dir, `p${i}.jpg`);
      writeFileSync(file, jpeg);
      return file;
    });
    run('img2pdf', ['--pagesize', 'A4', '-o', join(dir, 'doc.pdf'), ...files], dir);
    return join(dir, 'doc.pdf');
  });
}

/** `qpdf` with `args` on `bytes` (encrypt, object streams, linearize…). */
export function qpdf(bytes: Uint8Array, args: string[]): Uint8Array {
  need('qpdf');
  const dir = mkdtempSync(join(tmpdir(), 'signet-qpdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), bytes);
    const r = spawnSync('qpdf', [...args, join(dir, 'in.pdf'), join(dir, 'out.pdf')], {
      encoding: 'utf8',
    });
    // 3: warnings only, the file is written.
    if (r.status !== 0 && r.status !== 3) throw new Error(`qpdf ${args.join(' ')}: ${r.stderr}`);
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
