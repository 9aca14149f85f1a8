import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Hostile PDFs for tests and benchmarks, written byte by byte (no library would write them):
 * decompression bombs, pages with millions of operators, giant images, active content. Each is
 * a well-formed PDF with a correct cross-reference table, so what stops it is our limits and
 * not a parse error.
 */

type PdfObject = { dict: string; stream?: Uint8Array };

/** Serialises numbered objects (1…n, the catalog first) into a PDF with a classic xref table. */
export function writeRawPdf(objects: PdfObject[], trailerExtra = ''): Uint8Array {
  const parts: Uint8Array[] = [];
  let offset = 0;
  const push = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(bytes);
    offset += bytes.byteLength;
  };
  push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(offset);
    if (o.stream) {
      const dict = o.dict.replace(/>>\s*$/, `/Length ${o.stream.byteLength} >>`);
      push(`${i + 1} 0 obj\n${dict}\nstream\n`);
      push(o.stream);
      push('\nendstream\nendobj\n');
    } else {
      push(`${i + 1} 0 obj\n${o.dict}\nendobj\n`);
    }
  });
  const xref = offset;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const o of offsets) push(`${String(o).padStart(10, '0')} 00000 n \n`);
  push(
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return Buffer.concat(parts);
}

const MIB = 1024 * 1024;

/**
 * A zlib stream that inflates to `mib` MiB of zero bytes, made without compressing them: one
 * flushed deflate block sequence for 1 MiB repeated, a final empty block and the Adler-32 of
 * the whole (zeros leave `a` at 1 and make `b` the length). 2 GiB come out at about 2 MB.
 */
export function zeroBomb(mib: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(MIB), {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  const length = mib * MIB;
  const adler = (((length % 65521) << 16) | 1) >>> 0;
  const tail = Buffer.alloc(6);
  tail[0] = 0x03; // final fixed-Huffman block holding only end-of-block
  tail[1] = 0x00;
  tail.writeUInt32BE(adler, 2);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array(mib).fill(block), tail]);
}

const page = (content: number, extra = '') =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${content} 0 R ${extra}>>`;

/** One A4 page whose content stream inflates to `mib` MiB (default 2 GiB) of whitespace. */
export function makeInflateBombPdf(mib = 2048): Uint8Array {
  return writeRawPdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: page(4) },
    { dict: '<< /Filter /FlateDecode >>', stream: zeroBomb(mib) },
  ]);
}

/**
 * One A4 page with `operators` drawing operators (default 2 million, ~14 MB uncompressed):
 * lines, each stroked, which a renderer has to draw one by one.
 */
export function makeOperatorBombPdf(operators = 2_000_000, compress = false): Uint8Array {
  const line = '10 10 m 585 832 l S\n'; // three operators
  const content = Buffer.from(line.repeat(Math.ceil(operators / 3)), 'latin1');
  return writeRawPdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: page(4) },
    compress
      ? { dict: '<< /Filter /FlateDecode >>', stream: deflateSync(content) }
      : { dict: '<< >>', stream: content },
  ]);
}

/** One A4 page drawing a `side` × `side` grey image (default 30000², ~0.9 MB compressed). */
export function makeGiantImagePdf(side = 30_000): Uint8Array {
  const mib = Math.ceil((side * side) / MIB);
  return writeRawPdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: page(4, '/Resources << /XObject << /Im1 5 0 R >> >> ') },
    { dict: '<< >>', stream: Buffer.from('q 595 0 0 842 0 0 cm /Im1 Do Q\n', 'latin1') },
    {
      dict: `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode >>`,
      stream: zeroBomb(mib),
    },
  ]);
}

/** Where {@link makeActivePdf} puts its active content. */
export type ActiveContent = 'open-javascript' | 'names-javascript' | 'launch' | 'page-action';

/** A one-page PDF that runs something when opened (JavaScript, or launching a program). */
export function makeActivePdf(kind: ActiveContent): Uint8Array {
  const js = '<< /Type /Action /S /JavaScript /JS (app.alert\\("hello"\\);) >>';
  const launch = '<< /Type /Action /S /Launch /F (calc.exe) >>';
  const catalog = {
    'open-javascript': `<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>`,
    'names-javascript': `<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript << /Names [(greet) 5 0 R] >> >> >>`,
    launch: `<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>`,
    'page-action': `<< /Type /Catalog /Pages 2 0 R >>`,
  }[kind];
  return writeRawPdf([
    { dict: catalog },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: page(4, kind === 'page-action' ? '/AA << /O 5 0 R >> ' : '') },
    { dict: '<< >>', stream: Buffer.from('BT /F1 12 Tf 72 720 Td (Hello) Tj ET\n', 'latin1') },
    { dict: kind === 'launch' ? launch : js },
  ]);
}

/** A PDF whose page tree claims and holds `pages` pages (blank), for the page limit. */
export function makeManyPagesPdf(pages: number): Uint8Array {
  const objects: PdfObject[] = [
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '' },
    { dict: '<< >>', stream: new Uint8Array(0) },
  ];
  const kids: string[] = [];
  for (let i = 0; i < pages; i++) {
    kids.push(`${objects.length + 1} 0 R`);
    objects.push({
      dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>',
    });
  }
  objects[1] = { dict: `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>` };
  return writeRawPdf(objects);
}
