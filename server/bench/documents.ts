/**
 * Real documents for the benchmarks, made by the tools people's PDFs come from — not by Signet:
 *
 *   tex-89p      pdfTeX (hyperref, object streams, embedded Type 1 fonts, PNG figures), ≈ 1.2 MB
 *   tex-500p     pdfTeX, 500 pages
 *   chromium-60p Chromium's print to PDF of an HTML report (Skia, subset TrueType fonts)
 *   office-20p   LibreOffice Writer's PDF export of an OpenDocument text with tables
 *   scan-12p     a scanner's image PDF: one 200 dpi JPEG per page (img2pdf)
 *   scan-40mb    the same at about 38 MB (just under the 40 MiB upload limit)
 *
 * They are generated on first use into `bench-results/documents/` (ignored by git) and reused.
 * A missing tool is installed with apt-get when running as root (texlive-latex-base,
 * texlive-latex-recommended, lmodern, libreoffice-writer-nogui, img2pdf, chromium); otherwise the
 * document is skipped with the package to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { resultsDir } from './report.ts';

export type RealDocument = {
  name: string;
  producer: string;
  bytes: Uint8Array;
};

export const DOCUMENT_NAMES = [
  'tex-89p',
  'tex-500p',
  'chromium-60p',
  'office-20p',
  'scan-12p',
  'scan-40mb',
] as const;
export type DocumentName = (typeof DOCUMENT_NAMES)[number];

/** One-page documents of the same producers: the invoices and letters a seal signs in batches. */
export const ONE_PAGE_NAMES = ['tex-1p', 'chromium-1p', 'office-1p', 'scan-1p'] as const;
export type OnePageName = (typeof ONE_PAGE_NAMES)[number];

const cacheDir = join(resultsDir, 'documents');

const PACKAGES: Record<string, string> = {
  pdflatex: 'texlive-latex-base texlive-latex-recommended lmodern',
  soffice: 'libreoffice-writer-nogui',
  img2pdf: 'img2pdf',
  chromium: 'chromium',
};

const has = (tool: string) =>
  spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).status === 0;

/** Installs the tool's Debian package when we are root; false (with the reason) otherwise. */
function ensureTool(tool: string): string | null {
  if (has(tool)) return null;
  const pkg = PACKAGES[tool] ?? tool;
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.log(`  installing ${pkg} for the real documents (apt-get)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
    spawnSync('apt-get', ['install', '-y', '-qq', ...pkg.split(' ')], { env, stdio: 'ignore' });
    if (has(tool)) return null;
  }
  return `${tool} is missing (apt-get install ${pkg})`;
}

function run(cmd: string, args: string[], cwd: string): void {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  }
}

/** Deterministic pseudo-random numbers (mulberry32), so every machine makes the same text. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  `agreement party parties shall obligation contract term notice payment invoice delivery service
  services provider customer data processing confidential information liability warranty period
  termination effective date written consent law jurisdiction court dispute amendment schedule
  annex clause section performance acceptance fee fees tax taxes currency account transfer
  security incident breach remedy indemnity limitation insurance audit record records report
  quarterly annual review meeting board member members signature signed electronic document
  version revision approval manager department operation operations system systems software
  licence intellectual property rights owner employee employees contractor subcontractor
  market price prices volume volumes forecast budget risk risks compliance regulation policy`
    .split(/\s+/)
    .filter(Boolean);

const NAMES = [
  'Zuzanna Łukasiewicz',
  'Jürgen Müller-Lüdenscheidt',
  'Françoise Bénédicte',
  'Grzegorz Brzęczyszczykiewicz',
  'Ånne Øster',
  'Giulia Dell’Acqua',
];

function sentence(rnd: () => number): string {
  const n = 8 + Math.floor(rnd() * 18);
  const words = Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)] as string);
  const first = words[0] ?? 'the';
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return `${words.join(' ')}.`;
}

function paragraph(rnd: () => number, sentences = 4 + Math.floor(rnd() * 5)): string {
  return Array.from({ length: sentences }, () => sentence(rnd)).join(' ');
}

/** A chart-like PNG with noise, so it does not compress away (a photo or scan would not either). */
function figurePng(seed: number, width: number, height: number): Buffer {
  const rnd = random(seed);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  const image = g.getImageData(0, 0, width, height);
  for (let i = 0; i < image.data.length; i += 4) {
    const v = 200 + Math.floor(rnd() * 55);
    image.data[i] = v;
    image.data[i + 1] = v - Math.floor(rnd() * 30);
    image.data[i + 2] = 255 - Math.floor(rnd() * 40);
  }
  g.putImageData(image, 0, 0);
  g.strokeStyle = '#003366';
  g.lineWidth = 3;
  for (let s = 0; s < 3; s++) {
    g.beginPath();
    let y = height / 2;
    for (let x = 0; x < width; x += 8) {
      y = Math.min(height - 10, Math.max(10, y + (rnd() - 0.5) * 30));
      if (x === 0) g.moveTo(x, y);
      else g.lineTo(x, y);
    }
    g.stroke();
  }
  return canvas.toBuffer('image/png');
}

const texEscape = (s: string) => s.replace(/[&%$#_{}]/g, (c) => `\\${c}`);

function texSource(pages: number, figures: number): string {
  const rnd = random(pages);
  const out: string[] = [
    '\\documentclass[11pt,a4paper]{article}',
    '\\usepackage[T1]{fontenc}',
    '\\usepackage[utf8]{inputenc}',
    '\\usepackage{lmodern}',
    '\\usepackage{graphicx}',
    '\\usepackage{amsmath}',
    '\\usepackage{longtable}',
    '\\usepackage[colorlinks=true,pdftitle={Framework agreement},pdfauthor={Legal department}]{hyperref}',
    '\\begin{document}',
    '\\title{Framework Services Agreement}\\author{Legal department}\\date{1 March 2025}',
    '\\maketitle',
    '\\tableofcontents',
    '\\newpage',
  ];
  // About 0.9 sections per page at this density.
  const sections = Math.round(pages * 0.92);
  for (let s = 1; s <= sections; s++) {
    out.push(`\\section{${texEscape(sentence(rnd).slice(0, 40))}}\\label{sec${s}}`);
    out.push(paragraph(rnd));
    out.push(
      `As agreed with ${texEscape(NAMES[s % NAMES.length] as string)}, see Section~\\ref{sec${Math.max(1, s - 1)}}\\footnote{${texEscape(sentence(rnd))}}.`,
    );
    out.push(`\\subsection{${texEscape(sentence(rnd).slice(0, 32))}}`);
    out.push(paragraph(rnd));
    if (s % 3 === 0) {
      out.push(
        '\\begin{equation} F(t) = \\sum_{k=1}^{n} \\frac{c_k}{(1+r)^{t_k}} + \\int_0^t e^{-\\lambda s}\\,ds \\end{equation}',
      );
    }
    if (s % 4 === 0) {
      out.push('\\begin{itemize}');
      for (let i = 0; i < 4; i++) out.push(`\\item ${texEscape(sentence(rnd))}`);
      out.push('\\end{itemize}');
    }
    if (s % 5 === 0) {
      out.push('\\begin{center}\\begin{tabular}{|l|r|r|l|}\\hline');
      out.push('Item & Quantity & Price & Note\\\\\\hline');
      for (let i = 0; i < 6; i++) {
        out.push(
          `${texEscape(WORDS[Math.floor(rnd() * WORDS.length)] as string)} & ${Math.floor(rnd() * 900)} & ${(rnd() * 1e4).toFixed(2)} & ${texEscape(WORDS[Math.floor(rnd() * WORDS.length)] as string)}\\\\`,
        );
      }
      out.push('\\hline\\end{tabular}\\end{center}');
    }
    if (figures > 0 && s % Math.max(1, Math.floor(sections / figures)) === 0) {
      const n = Math.min(figures, Math.floor(s / Math.max(1, Math.floor(sections / figures))));
      out.push(
        `\\begin{figure}[h]\\centering\\includegraphics[width=0.8\\textwidth]{fig${n}.png}\\caption{${texEscape(sentence(rnd).slice(0, 50))}}\\end{figure}`,
      );
    }
    out.push(paragraph(rnd, 3));
  }
  out.push('\\end{document}');
  return out.join('\n');
}

function makeTex(dir: string, out: string, pages: number, figures: number): void {
  for (let f = 1; f <= figures; f++)
    writeFileSync(join(dir, `fig${f}.png`), figurePng(f, 380, 220));
  writeFileSync(join(dir, 'doc.tex'), texSource(pages, figures));
  // Twice: the table of contents and references need the second run.
  for (let i = 0; i < 2; i++) run('pdflatex', ['-interaction=batchmode', 'doc.tex'], dir);
  writeFileSync(out, readFileSync(join(dir, 'doc.pdf')));
}

/** One invoice line: what, how many, unit price. */
function invoiceLines(seed: number): [string, number, number][] {
  const rnd = random(seed);
  return Array.from({ length: 8 }, () => [
    sentence(rnd).slice(0, 36),
    1 + Math.floor(rnd() * 20),
    Math.round(rnd() * 50_000) / 100,
  ]);
}

/** A one-page invoice in LaTeX: what a business seals in batches. */
function invoiceTex(seed: number): string {
  const rows = invoiceLines(seed)
    .map(([what, n, price]) => `${texEscape(what)} & ${n} & ${price.toFixed(2)} \\\\`)
    .join('\n');
  return [
    '\\documentclass[11pt,a4paper]{article}',
    '\\usepackage[T1]{fontenc}',
    '\\usepackage[utf8]{inputenc}',
    '\\usepackage{lmodern}',
    '\\usepackage[colorlinks=true,pdftitle={Invoice}]{hyperref}',
    '\\pagestyle{empty}',
    '\\begin{document}',
    `\\section*{Invoice 2026-${String(seed).padStart(4, '0')}}`,
    `Muster AG, Bahnhofstrasse 1, 8001 Zürich\\\\[1em] ${texEscape(sentence(random(seed)))}`,
    '\\begin{center}\\begin{tabular}{lrr}\\hline Item & Qty & CHF \\\\\\hline',
    rows,
    '\\hline\\end{tabular}\\end{center}',
    paragraph(random(seed + 1), 3),
    '\\end{document}',
  ].join('\n');
}

function makeTexInvoice(dir: string, out: string): void {
  writeFileSync(join(dir, 'doc.tex'), invoiceTex(1));
  run('pdflatex', ['-interaction=batchmode', 'doc.tex'], dir);
  writeFileSync(out, readFileSync(join(dir, 'doc.pdf')));
}

/** The same invoice as a web page, for Chromium's print to PDF. */
function invoiceHtml(seed: number): string {
  const rows = invoiceLines(seed)
    .map(([what, n, price]) => `<tr><td>${what}</td><td>${n}</td><td>${price.toFixed(2)}</td></tr>`)
    .join('');
  return [
    '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Invoice</title>',
    '<style>body{font-family:"DejaVu Sans",sans-serif;font-size:11pt;margin:2cm}h1{color:#006FE6}',
    'table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:3px 6px}</style>',
    `</head><body><h1>Rechnung 2026-${String(seed).padStart(4, '0')}</h1>`,
    `<p>Muster AG, Bahnhofstrasse 1, 8001 Zürich</p><p>${paragraph(random(seed), 3)}</p>`,
    `<table><tr><th>Position</th><th>Menge</th><th>CHF</th></tr>${rows}</table>`,
    `<p>${paragraph(random(seed + 1), 2)}</p></body></html>`,
  ].join('');
}

function reportHtml(pages: number): string {
  const rnd = random(7);
  const parts: string[] = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quarterly report</title>',
    '<style>body{font-family:"DejaVu Sans",sans-serif;font-size:11pt;margin:0}h1{color:#006FE6}',
    'table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:3px 6px}',
    'section{break-after:page}</style></head><body>',
  ];
  for (let p = 1; p <= pages; p++) {
    parts.push(`<section><h1>${p}. ${sentence(rnd).slice(0, 40)}</h1>`);
    parts.push(`<p>${paragraph(rnd)}</p><p>${paragraph(rnd)}</p>`);
    parts.push('<table><tr><th>Region</th><th>Volume</th><th>Revenue</th><th>Owner</th></tr>');
    for (let r = 0; r < 12; r++) {
      parts.push(
        `<tr><td>${WORDS[Math.floor(rnd() * WORDS.length)]}</td><td>${Math.floor(rnd() * 1e5)}</td><td>${(rnd() * 1e6).toFixed(2)}</td><td>${NAMES[r % NAMES.length]}</td></tr>`,
      );
    }
    parts.push(`</table><p>${paragraph(rnd)}</p>`);
    parts.push(
      `<svg width="600" height="160"><polyline fill="none" stroke="#20ABFD" stroke-width="3" points="${Array.from({ length: 30 }, (_, i) => `${i * 20},${Math.floor(20 + rnd() * 120)}`).join(' ')}"/></svg></section>`,
    );
  }
  parts.push('</body></html>');
  return parts.join('\n');
}

function makeChromium(dir: string, out: string, pages: number, html = reportHtml(pages)): void {
  writeFileSync(join(dir, 'report.html'), html);
  run(
    'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-pdf-header-footer',
      `--print-to-pdf=${join(dir, 'report.pdf')}`,
      `file://${join(dir, 'report.html')}`,
    ],
    dir,
  );
  writeFileSync(out, readFileSync(join(dir, 'report.pdf')));
}

const xml = (s: string) =>
  s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

/** A flat OpenDocument text: headings, paragraphs and tables, ≈ one page per chapter. */
function fodt(chapters: number): string {
  const rnd = random(11);
  const body: string[] = [];
  for (let c = 1; c <= chapters; c++) {
    body.push(
      `<text:h text:outline-level="1">${c}. ${xml(sentence(rnd).slice(0, 40))}</text:h>`,
      `<text:p>${xml(paragraph(rnd))}</text:p>`,
      `<text:p>${xml(`${NAMES[c % NAMES.length]}: ${paragraph(rnd, 3)}`)}</text:p>`,
      '<table:table table:name="T',
      `${c}"><table:table-column table:number-columns-repeated="3"/>`,
    );
    for (let r = 0; r < 8; r++) {
      body.push(
        `<table:table-row><table:table-cell office:value-type="string"><text:p>${xml(WORDS[Math.floor(rnd() * WORDS.length)] as string)}</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="${r}"><text:p>${Math.floor(rnd() * 1e4)}</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>${xml(sentence(rnd).slice(0, 30))}</text:p></table:table-cell></table:table-row>`,
      );
    }
    body.push('</table:table>', `<text:p>${xml(paragraph(rnd))}</text:p>`);
    body.push('<text:p text:style-name="Break"/>');
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
 xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
 office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:automatic-styles><style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-after="page"/></style:style></office:automatic-styles>
<office:body><office:text>${body.join('\n')}</office:text></office:body></office:document>`;
}

function makeOffice(dir: string, out: string, chapters: number): void {
  writeFileSync(join(dir, 'letter.fodt'), fodt(chapters));
  run(
    'soffice',
    [
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      join(dir, 'letter.fodt'),
    ],
    dir,
  );
  writeFileSync(out, readFileSync(join(dir, 'letter.pdf')));
}

/** One A4 page as a scanner delivers it: greyish paper, slightly rotated text, JPEG. */
function scanPage(seed: number, grain: number, quality: number, dpi = 200): Buffer {
  const rnd = random(seed);
  const k = dpi / 200;
  const width = Math.round(1654 * k);
  const height = Math.round(2339 * k);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f4f1ea';
  g.fillRect(0, 0, width, height);
  g.save();
  g.translate(width / 2, height / 2);
  g.rotate((rnd() - 0.5) * 0.02);
  g.translate(-width / 2, -height / 2);
  g.fillStyle = '#222222';
  g.font = `${Math.round(30 * k)}px serif`;
  for (let y = 160 * k; y < height - 160 * k; y += 46 * k) {
    g.fillText(sentence(rnd).slice(0, 80), 140 * k, y);
  }
  g.restore();
  // Paper grain and sensor noise: what makes scans large.
  const image = g.getImageData(0, 0, width, height);
  for (let i = 0; i < image.data.length; i += 4) {
    const n = Math.floor((rnd() - 0.5) * grain);
    image.data[i] = Math.max(0, Math.min(255, (image.data[i] as number) + n));
    image.data[i + 1] = Math.max(0, Math.min(255, (image.data[i + 1] as number) + n));
    image.data[i + 2] = Math.max(0, Math.min(255, (image.data[i + 2] as number) + n));
  }
  g.putImageData(image, 0, 0);
  return canvas.toBuffer('image/jpeg', quality);
}

function makeScan(
  dir: string,
  out: string,
  pages: number,
  grain: number,
  quality: number,
  dpi = 200,
): void {
  const files: string[] = [];
  for (let p = 1; p <= pages; p++) {
    const file = `page${String(p).padStart(3, '0')}.jpg`;
    writeFileSync(join(dir, file), scanPage(p, grain, quality, dpi));
    files.push(file);
  }
  run('img2pdf', ['--pagesize', 'A4', '-o', 'scan.pdf', ...files], dir);
  writeFileSync(out, readFileSync(join(dir, 'scan.pdf')));
}

const RECIPES: Record<
  DocumentName | OnePageName,
  { producer: string; tool: string; make: (dir: string, out: string) => void }
> = {
  'tex-89p': {
    producer: 'pdfTeX 1.40 (hyperref, object streams)',
    tool: 'pdflatex',
    make: (dir, out) => makeTex(dir, out, 89, 4),
  },
  'tex-500p': {
    producer: 'pdfTeX 1.40 (hyperref, object streams)',
    tool: 'pdflatex',
    make: (dir, out) => makeTex(dir, out, 500, 8),
  },
  'chromium-60p': {
    producer: "Chromium's print to PDF (Skia)",
    tool: 'chromium',
    make: (dir, out) => makeChromium(dir, out, 30),
  },
  'office-20p': {
    producer: 'LibreOffice Writer PDF export',
    tool: 'soffice',
    make: (dir, out) => makeOffice(dir, out, 20),
  },
  'scan-12p': {
    producer: 'img2pdf, 200 dpi JPEG pages (a scanner)',
    tool: 'img2pdf',
    make: (dir, out) => makeScan(dir, out, 12, 20, 70),
  },
  'scan-40mb': {
    producer: 'img2pdf, 200 dpi JPEG pages (a scanner)',
    tool: 'img2pdf',
    make: (dir, out) => makeScan(dir, out, 24, 36, 88),
  },
  'tex-1p': {
    producer: 'pdfTeX 1.40 (hyperref, object streams)',
    tool: 'pdflatex',
    make: (dir, out) => makeTexInvoice(dir, out),
  },
  'chromium-1p': {
    producer: "Chromium's print to PDF (Skia)",
    tool: 'chromium',
    make: (dir, out) => makeChromium(dir, out, 1, invoiceHtml(1)),
  },
  'office-1p': {
    producer: 'LibreOffice Writer PDF export',
    tool: 'soffice',
    make: (dir, out) => makeOffice(dir, out, 1),
  },
  'scan-1p': {
    producer: 'img2pdf, 200 dpi JPEG pages (a scanner)',
    tool: 'img2pdf',
    make: (dir, out) => makeScan(dir, out, 1, 20, 70),
  },
};

/**
 * The named document from the cache, generated first when missing; a string (why) when its tool
 * is missing and cannot be installed.
 */
export function realDocument(name: DocumentName | OnePageName): RealDocument | string {
  const recipe = RECIPES[name];
  const file = join(cacheDir, `${name}.pdf`);
  if (!existsSync(file)) {
    const missing = ensureTool(recipe.tool);
    if (missing) return missing;
    const dir = join(cacheDir, `${name}.work`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const started = performance.now();
    recipe.make(dir, file);
    rmSync(dir, { recursive: true, force: true });
    console.log(`  generated ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return { name, producer: recipe.producer, bytes: new Uint8Array(readFileSync(file)) };
}

/**
 * Small documents of the same four producers, shipped in `server/test-fixtures/real-world/` so
 * tests read them without the tools (`node server/bench/documents.ts --fixtures` remakes them).
 */
export const FIXTURES = {
  'tex-3p': { tool: 'pdflatex', make: (dir: string, out: string) => makeTex(dir, out, 3, 0) },
  'chromium-2p': {
    tool: 'chromium',
    make: (dir: string, out: string) => makeChromium(dir, out, 2),
  },
  'office-2p': { tool: 'soffice', make: (dir: string, out: string) => makeOffice(dir, out, 2) },
  'scan-2p': {
    tool: 'img2pdf',
    make: (dir: string, out: string) => makeScan(dir, out, 2, 12, 50, 75),
  },
} as const;
export type FixtureName = keyof typeof FIXTURES;

/** Where the shipped fixtures are. */
export const fixturesDir = fileURLToPath(new URL('../test-fixtures/real-world/', import.meta.url));

/** A shipped fixture's bytes (no tool needed). */
export function realWorldFixture(name: FixtureName): Uint8Array {
  return new Uint8Array(readFileSync(join(fixturesDir, `${name}.pdf`)));
}

function makeFixtures(): void {
  mkdirSync(fixturesDir, { recursive: true });
  for (const [name, recipe] of Object.entries(FIXTURES)) {
    const missing = ensureTool(recipe.tool);
    if (missing) throw new Error(missing);
    const dir = join(cacheDir, `${name}.work`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const out = join(fixturesDir, `${name}.pdf`);
    recipe.make(dir, out);
    rmSync(dir, { recursive: true, force: true });
    console.log(`${name}: ${(readFileSync(out).length / 1024).toFixed(0)} KB`);
  }
}

// `node server/bench/documents.ts [name…]`: generate (or list) the documents;
// `--fixtures`: remake the small shipped ones.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--fixtures') {
    makeFixtures();
  } else {
    const names = (
      process.argv.length > 2 ? process.argv.slice(2) : DOCUMENT_NAMES
    ) as DocumentName[];
    for (const name of names) {
      const doc = realDocument(name);
      if (typeof doc === 'string') console.log(`${name}: skipped, ${doc}`);
      else console.log(`${name}: ${(doc.bytes.length / 1e6).toFixed(2)} MB, ${doc.producer}`);
    }
  }
}
