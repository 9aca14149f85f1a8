import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { countContentOps } from './content-ops.ts';
import { DecodeLimitError, decodeFilters } from './decode.ts';
import { zeroBomb } from './make-hostile-pdf.ts';

const text = (b: Uint8Array | null) => Buffer.from(b ?? []).toString('latin1');

describe('decodeFilters', () => {
  it('inflates zlib and raw deflate, and keeps what a truncated stream holds', () => {
    const data = Buffer.from('BT /F1 12 Tf (Grüezi) Tj ET\n'.repeat(100), 'latin1');
    expect(text(decodeFilters(deflateSync(data), ['FlateDecode'], 1e6))).toBe(
      data.toString('latin1'),
    );
    expect(text(decodeFilters(deflateRawSync(data), ['Fl'], 1e6))).toBe(data.toString('latin1'));
    const cut = deflateSync(data).subarray(0, 40);
    expect(decodeFilters(cut, ['FlateDecode'], 1e6)?.byteLength).toBeGreaterThan(0);
  });

  it('stops a decompression bomb at the ceiling instead of inflating it', () => {
    const bomb = zeroBomb(256); // 256 MiB of zeros in about 256 KB
    const started = performance.now();
    expect(() => decodeFilters(bomb, ['FlateDecode'], 16 * 1024 * 1024)).toThrow(DecodeLimitError);
    expect(performance.now() - started).toBeLessThan(2_000);
    // Two layers: the outer inflates within the ceiling, the inner is the bomb.
    const nested = deflateSync(zeroBomb(64));
    expect(() => decodeFilters(nested, ['FlateDecode', 'FlateDecode'], 8 * 1024 * 1024)).toThrow(
      DecodeLimitError,
    );
  });

  it('decodes LZW (the example of PDF 32000-1 §7.4.4.2), with its ceiling', () => {
    const example = Uint8Array.of(0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01);
    expect(text(decodeFilters(example, ['LZWDecode'], 1000))).toBe('-----A---B');
    expect(() => decodeFilters(example, ['LZWDecode'], 5)).toThrow(DecodeLimitError);
  });

  it('decodes RunLength, ASCIIHex and ASCII85 chains', () => {
    // 3 literal bytes "abc", then "z" repeated 5 times (257 - 5 = 252), end of data.
    const rl = Uint8Array.of(2, 97, 98, 99, 252, 122, 128);
    expect(text(decodeFilters(rl, ['RunLengthDecode'], 100))).toBe('abczzzzz');
    expect(() => decodeFilters(Uint8Array.of(129, 0, 129, 0), ['RL'], 200)).toThrow(
      DecodeLimitError,
    );
    expect(text(decodeFilters(Buffer.from('48 65 6C6C 6F>'), ['ASCIIHexDecode'], 100))).toBe(
      'Hello',
    );
    expect(text(decodeFilters(Buffer.from('87cURD]i,"Ebo7~>'), ['ASCII85Decode'], 100))).toBe(
      'Hello World',
    );
    const hexOfFlate = Buffer.from(`${deflateSync(Buffer.from('q Q')).toString('hex')}>`);
    expect(text(decodeFilters(hexOfFlate, ['AHx', 'Fl'], 100))).toBe('q Q');
  });

  it('leaves image and unknown filters to the renderer', () => {
    expect(decodeFilters(Uint8Array.of(1, 2), ['DCTDecode'], 100)).toBeNull();
    expect(decodeFilters(Uint8Array.of(1, 2), ['Crypt'], 100)).toBeNull();
  });
});

describe('countContentOps', () => {
  it('counts operators, not operands, strings, arrays or comments', () => {
    const content = Buffer.from(
      [
        '% a comment with Tj and Do in it',
        'q 1 0 0 1 72 720 cm',
        'BT /F1 12 Tf (a string with ) Tj (nested (parens) and \\) escapes) Tj ET',
        '[(kerned) -20 (text)] TJ <48656C6C6F> Tj',
        '/GS0 gs true false null 0.5 -.5 +3 w Q',
      ].join('\n'),
      'latin1',
    );
    // q cm BT Tf Tj Tj ET TJ Tj gs w Q
    expect(countContentOps(content)).toEqual({ operators: 12, drawn: [] });
  });

  it('collects the names drawn with Do, #-escapes decoded', () => {
    const content = Buffer.from('q /Im1 Do Q /Form#20One Do /Im1 Do', 'latin1');
    expect(countContentOps(content)).toEqual({ operators: 5, drawn: ['Im1', 'Form One', 'Im1'] });
  });

  it('skips inline image data, whatever bytes it holds', () => {
    const data = Buffer.from([0x20, 0x45, 0x49, 0x51, 0x0a, 0x28, 0x25, 0xff, 0x00, 0x53]);
    const content = Buffer.concat([
      Buffer.from('q BI /W 10 /H 1 /BPC 8 /CS /G ID ', 'latin1'),
      data,
      Buffer.from(' EI Q', 'latin1'),
    ]);
    expect(countContentOps(content).operators).toBe(3); // q BI Q
  });

  it('stops counting early past the given number', () => {
    const content = Buffer.from('0 0 m 1 1 l S\n'.repeat(1000), 'latin1');
    expect(countContentOps(content, 10).operators).toBe(11);
  });
});
