import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';

/**
 * PDFs for tests and the benchmark, made on the fly with pdf-lib (no committed fixtures).
 * Saved without object streams, like the files users upload from most producers.
 */
export type TestPdfOptions = {
  pages?: number;
  /** Adds an uncompressed RGB noise image of about this many bytes to page 1. */
  imageBytes?: number;
  /** Fixed dates and ids, so the same options give the same bytes. */
  title?: string;
};

/** xorshift32: deterministic noise, so the image does not compress away. */
function noise(length: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

export async function makeTestPdf(options: TestPdfOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const epoch = new Date('2024-01-01T00:00:00Z');
  doc.setCreationDate(epoch);
  doc.setModificationDate(epoch);
  doc.setTitle(options.title ?? 'Signet test document');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = options.pages ?? 1;
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595.28, 841.89]); // A4
    page.drawText(`Signet test document — page ${n} of ${pages}`, {
      x: 50,
      y: 790,
      size: 16,
      font,
    });
    for (let line = 0; line < 40; line++) {
      page.drawText(
        `Clause ${n}.${line + 1}: the parties agree to the terms set out in this line.`,
        {
          x: 50,
          y: 750 - line * 16,
          size: 10,
          font,
        },
      );
    }
  }
  if (options.imageBytes) {
    const width = 512;
    const height = Math.max(1, Math.ceil(options.imageBytes / (width * 3)));
    const image = doc.context.stream(noise(width * height * 3), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    });
    const ref = doc.context.register(image);
    const page = doc.getPage(0);
    const imageName = page.node.newXObject('Noise', ref);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(200, 0, 0, 200 * (height / width), 350, 50),
      drawObject(imageName ?? PDFName.of('Noise')),
      popGraphicsState(),
    );
  }
  return doc.save({ useObjectStreams: false });
}
