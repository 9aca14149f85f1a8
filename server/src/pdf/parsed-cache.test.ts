import type { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../storage/blob-store.ts';
import { hashStateOf, versionBytes } from './in-step.ts';
import { makeTestPdf } from './make-test-pdf.ts';
import { parseAhead, takeParsed, takeParsedWhenReady } from './parsed-cache.ts';

describe('parsing a stored version ahead of its signature', () => {
  it('keeps the parsed document for the signature, once, and waits for a parse running', async () => {
    const bytes = await makeTestPdf({ pages: 3 });
    const key = sha256Hex(bytes);
    let reads = 0;
    const read = async () => {
      reads++;
      return bytes;
    };
    const first = parseAhead(key, bytes.length, read);
    // A second ask while the first runs, and one after it is kept, parse nothing more.
    const second = parseAhead(key, bytes.length, read);
    const doc = await takeParsedWhenReady(key);
    await Promise.all([first, second]);
    expect(reads).toBe(1);
    expect(doc?.getPageCount()).toBe(3);
    // Handed over: nobody else gets the same document.
    expect(takeParsed(key)).toBeUndefined();
    // It stands for the bytes read, and brings their SHA-256 state for the signature's digests.
    expect(versionBytes(doc as PDF)).toBe(bytes);
    expect(hashStateOf(doc, bytes)?.digest('hex')).toBe(key);
  });

  it('keeps nothing when the bytes read are not the version asked for', async () => {
    const bytes = await makeTestPdf({ pages: 1 });
    const key = sha256Hex(await makeTestPdf({ pages: 2 }));
    await parseAhead(key, bytes.length, async () => bytes);
    expect(takeParsed(key)).toBeUndefined();
  });

  it('keeps nothing for bytes that are gone or not a PDF, and never throws', async () => {
    const gone = 'a'.repeat(64);
    await expect(parseAhead(gone, 100, async () => null)).resolves.toBeUndefined();
    expect(await takeParsedWhenReady(gone)).toBeUndefined();
    const junk = Buffer.from('not a pdf at all');
    const key = sha256Hex(junk);
    await expect(parseAhead(key, junk.length, async () => junk)).resolves.toBeUndefined();
    expect(await takeParsedWhenReady(key)).toBeUndefined();
    // Too large to keep: not even read.
    let read = false;
    await parseAhead('b'.repeat(64), 40 * 1024 * 1024, async () => {
      read = true;
      return junk;
    });
    expect(read).toBe(false);
  });
});
