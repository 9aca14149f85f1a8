import { inflateSync } from 'node:zlib';
import { PdfName, type PdfRef, PdfStream } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { deflateNewStreams, deflateOnce } from './deflate.ts';
import { loadPdf } from './inspect.ts';
import { makeTestPdf } from './make-test-pdf.ts';

describe('deflateNewStreams', () => {
  it('compresses the new streams with zlib; small, filtered and incompressible ones stay', async () => {
    const original = await makeTestPdf({ pages: 1 });
    const doc = await loadPdf(original, { stored: true });
    const text = new TextEncoder().encode('BT /F1 12 Tf (Rechnung 2026-0042) Tj ET\n'.repeat(200));
    const random = crypto.getRandomValues(new Uint8Array(4096));
    const big = PdfStream.fromDict({}, text);
    const small = PdfStream.fromDict({}, text.subarray(0, 100));
    const noise = PdfStream.fromDict({}, random);
    const filtered = PdfStream.fromDict({ Filter: PdfName.of('DCTDecode') }, text);
    const [bigRef] = [big, small, noise, filtered].map((s) => doc.register(s)) as [PdfRef];
    doc.getCatalog().set('SignetTest', bigRef);

    deflateNewStreams(doc, { threshold: 512 });
    expect(big.getName('Filter')?.value).toBe('FlateDecode');
    expect(big.data.length).toBeLessThan(text.length / 10);
    expect(small.has('Filter')).toBe(false);
    expect(noise.has('Filter')).toBe(false);
    expect(filtered.data).toBe(text);

    // Saved as an incremental update, a reader gets the original text back.
    const saved = await doc.save({ incremental: true });
    expect(Buffer.compare(saved.subarray(0, original.length), original)).toBe(0);
    const again = await loadPdf(saved, { stored: true });
    const back = again.context.resolve(bigRef) as PdfStream;
    expect(Buffer.from(back.getDecodedData()).equals(Buffer.from(text))).toBe(true);
  });

  it('compresses a stream met before once: the same bytes get the same compressed bytes', async () => {
    const doc = await loadPdf(await makeTestPdf({ pages: 1 }), { stored: true });
    const certificate = new TextEncoder().encode('0\x82 certificate of the seal '.repeat(60));
    const first = deflateOnce(certificate);
    expect(first).not.toBeNull();
    // A second document's DSS with the same certificate: the kept bytes, not a new compression.
    const stream = PdfStream.fromDict({}, certificate.slice());
    doc.register(stream);
    deflateNewStreams(doc, { threshold: 512 });
    expect(stream.data).toBe(first);
    expect(Buffer.from(stream.getDecodedData()).equals(Buffer.from(certificate))).toBe(true);
    // Other bytes of the same length are not taken for it.
    const other = certificate.slice();
    other[100] = 0x41;
    const packedOther = deflateOnce(other);
    expect(packedOther).not.toBe(first);
    expect(Buffer.from(inflateSync(packedOther as Uint8Array)).equals(Buffer.from(other))).toBe(
      true,
    );
    // Bytes that do not shrink stay as they are, the second time too.
    const noise = crypto.getRandomValues(new Uint8Array(2048));
    expect(deflateOnce(noise)).toBeNull();
    expect(deflateOnce(noise)).toBeNull();
  });
});
