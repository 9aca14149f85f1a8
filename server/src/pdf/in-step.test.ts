import { createHash } from 'node:crypto';
import type { PdfArray, PdfNumber, PdfString } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { createCa, loadCa } from '../crypto/ca.ts';
import { builtinTsa } from '../crypto/tsa/timestamp-authority.ts';
import { hashStateOf, versionBytes } from './in-step.ts';
import { loadPdf } from './inspect.ts';
import { addDocumentTimestamp, addValidationData, sealDocument, signatureContents } from './ltv.ts';
import { makeTestPdf } from './make-test-pdf.ts';
import { keepParsed, takeParsed } from './parsed-cache.ts';
import { type SignPdfOptions, signPdf } from './sign.ts';
import { signatureValues } from './signature-field.ts';
import { mutoolVerify, pdfsig, qpdfCheck, qpdfRewrite, requireTool } from './test-tools.ts';

const SECRET = 'in-step-test-secret-0123456789';
const ca = loadCa(createCa(SECRET), SECRET);
const tsa = builtinTsa(ca.tsaSigner);
const source = async (certificates: readonly Uint8Array[]) => ({
  certificates: [...certificates, ca.rootCertificate],
  ocspResponses: [],
  crls: [],
});

const options = (name: string, slot: number): SignPdfOptions => ({
  signer: ca.platformSigner,
  tsa,
  signerName: name,
  signingTime: new Date('2026-01-02T03:04:05Z'),
  field: { defaultSlot: slot },
  appearance: { lines: [name, 'Simple electronic signature (SES)', '2 Jan 2026'] },
});

/** The two cross-reference layouts an upload may have (qpdf arguments making each). */
const LAYOUTS: [string, string[]][] = [
  ['a cross-reference table', []],
  ['object streams and a cross-reference stream', ['--object-streams=generate']],
];

/** The incremental updates after the upload, as text. */
const updatesOf = (bytes: Uint8Array, uploadLength: number): string[] =>
  Buffer.from(bytes.subarray(uploadLength)).toString('latin1').split('%%EOF').slice(0, -1);

/** Per incremental update after the upload: the object numbers it defines, in order. */
const objectsPerUpdate = (bytes: Uint8Array, uploadLength: number): number[][] =>
  updatesOf(bytes, uploadLength).map((update) =>
    [...update.matchAll(/(?:^|[\r\n])(\d+) 0 obj\b/g)].map((m) => Number(m[1])),
  );

/** Per update: the number of its cross-reference stream, if it has one. */
const xrefStreams = (bytes: Uint8Array, uploadLength: number): (number | undefined)[] =>
  updatesOf(bytes, uploadLength).map((update) => {
    const m = /(?:^|[\r\n])(\d+) 0 obj\s*<<(?:(?!endobj)[\s\S])*?\/Type\s*\/XRef/.exec(update);
    return m ? Number(m[1]) : undefined;
  });

describe('a parsed document kept in step with its incremental updates', () => {
  it.each(LAYOUTS)(
    'on %s: two signatures and the seal on one parse are what parsing each version writes, and validate',
    async (_label, args) => {
      requireTool('pdfsig');
      requireTool('qpdf');
      requireTool('mutool');
      const upload = await makeTestPdf({ pages: 2, title: 'In step' });
      const pdf = args.length ? qpdfRewrite(upload, args) : upload;

      // One parse for the whole chain: each step hands its document on.
      const first = await signPdf(pdf, options('Anna Muster', 0));
      const second = await signPdf(first.bytes, options('Bruno Beispiel', 1), first.doc);
      const chained = await sealDocument(second.bytes, source, tsa, second.doc);

      // Each version parsed anew, as before.
      const a = await signPdf(pdf, options('Anna Muster', 0));
      const b = await signPdf(a.bytes, options('Bruno Beispiel', 1));
      const dss = await addValidationData(b.bytes, source);
      const parsedEach = await addDocumentTimestamp(dss.bytes, tsa);

      // The same updates with the same object numbers: nothing written twice or left out, and a
      // cross-reference stream's number is not given again to a later update's objects.
      const updates = objectsPerUpdate(chained.bytes, pdf.length);
      expect(updates).toHaveLength(4);
      expect(updates).toEqual(objectsPerUpdate(parsedEach.bytes, pdf.length));
      const streams = xrefStreams(chained.bytes, pdf.length);
      expect(streams.every((n) => n === undefined)).toBe(args.length === 0);
      for (const [i, n] of streams.entries()) {
        if (n !== undefined) expect(updates.slice(i + 1).flat()).not.toContain(n);
      }

      // Every step appended to the one before, byte for byte.
      expect(Buffer.from(second.bytes.subarray(0, first.bytes.length)).equals(first.bytes)).toBe(
        true,
      );
      expect(Buffer.from(chained.bytes.subarray(0, second.bytes.length)).equals(second.bytes)).toBe(
        true,
      );
      // The document in hand reads the filled signatures, as a fresh parse of the file does.
      const fresh = signatureContents(await loadPdf(chained.bytes, { stored: true }));
      expect(fresh).toHaveLength(3);
      expect(signatureContents(chained.doc).map((c) => Buffer.from(c).toString('hex'))).toEqual(
        fresh.map((c) => Buffer.from(c).toString('hex')),
      );

      expect(qpdfCheck(chained.bytes).status).toBe(0);
      const verdict = pdfsig(chained.bytes);
      expect(verdict.status, verdict.output).toBe(0);
      expect(verdict.signatures.filter((s) => s.valid)).toHaveLength(2);
      const mutool = mutoolVerify(chained.bytes);
      expect(mutool.status, mutool.output).toBe(0);
    },
  );
});

/** A file as text, with the subset tags and the signature values blanked. */
const masked = (bytes: Uint8Array): string =>
  Buffer.from(bytes)
    .toString('latin1')
    .replace(/\/[A-Z]{6}\+/g, '/XXXXXX+')
    .replace(/\/Contents\s*<[0-9A-Fa-f]+>/g, '/Contents <>');

describe('the parsed document a signature leaves for the next one', () => {
  it.each(LAYOUTS)(
    'on %s: three stamped signatures on one parse write exactly the bytes parsing each version writes',
    async (_label, args) => {
      requireTool('pdfsig');
      requireTool('qpdf');
      // A file with an /ID (else every save makes one up), a fixed time and no time stamp, so the
      // two ways must agree to the byte but for the random subset tags; the second and third
      // stamp reuse the first one's fonts, the third adds glyphs of its own (Ω, ë).
      const pdf = qpdfRewrite(await makeTestPdf({ pages: 2, title: 'Kept' }), [
        '--deterministic-id',
        ...args,
      ]);
      const stamped = (name: string, slot: number): SignPdfOptions => ({
        signer: ca.platformSigner,
        signerName: name,
        signingTime: new Date('2026-01-02T03:04:05Z'),
        field: { defaultSlot: slot },
        appearance: { lines: [name, 'Simple electronic signature (SES)', '2 Jan 2026'] },
        uploadLength: pdf.length,
        fontPlan: { bold: 'Anna Muster Bruno Beispiel 0123456789', regular: '0123456789' },
      });
      const names = ['Anna Muster', 'Bruno Beispiel', 'Zoë Ωmega'];

      let parsedEach = pdf;
      for (const [slot, name] of names.entries()) {
        parsedEach = (await signPdf(parsedEach, stamped(name, slot))).bytes;
      }
      let version = await signPdf(pdf, stamped(names[0] as string, 0));
      for (const [slot, name] of names.entries()) {
        if (slot === 0) continue;
        expect(keepParsed(version)).toBe(true);
        const kept = takeParsed(version.sha256);
        expect(kept).toBe(version.doc);
        // Taken means handed over: nobody else gets the same document.
        expect(takeParsed(version.sha256)).toBeUndefined();
        version = await signPdf(version.bytes, stamped(name, slot), kept);
      }

      // The same bytes but for what is random in every signature: the font subsets' tags, and so
      // the digests and the CMS.
      expect(masked(version.bytes)).toBe(masked(parsedEach));
      expect(masked(version.bytes)).not.toBe(masked(pdf));
      expect(qpdfCheck(version.bytes).status).toBe(0);
      const verdict = pdfsig(version.bytes);
      expect(verdict.signatures.map((s) => s.valid)).toEqual([true, true, true]);
    },
  );
});

describe('the SHA-256 state kept with a version', () => {
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  /** The covered byte range's digest, as the signature's messageDigest must be. */
  const rangeDigest = (bytes: Uint8Array, range: number[]) =>
    createHash('sha256')
      .update(bytes.subarray(range[0], (range[0] as number) + (range[1] as number)))
      .update(bytes.subarray(range[2], (range[2] as number) + (range[3] as number)))
      .digest();

  it('continues into every next update: each digest equals a fresh SHA-256 of the bytes', async () => {
    requireTool('pdfsig');
    const pdf = await makeTestPdf({ pages: 2, title: 'Hashed' });
    const first = await signPdf(pdf, options('Anna Muster', 0));
    expect(first.sha256).toBe(sha256(first.bytes));
    // The state is kept for exactly these bytes: not for a copy, not for the file before.
    expect(hashStateOf(first.doc, first.bytes)?.digest('hex')).toBe(first.sha256);
    expect(hashStateOf(first.doc, Uint8Array.from(first.bytes))).toBeNull();
    expect(hashStateOf(first.doc, pdf)).toBeNull();

    // Kept and taken like the next signer's call does: the state comes along with the document.
    expect(keepParsed(first)).toBe(true);
    const kept = takeParsed(first.sha256);
    expect(versionBytes(kept as NonNullable<typeof kept>)).toBe(first.bytes);
    expect(hashStateOf(kept, first.bytes)).not.toBeNull();
    const second = await signPdf(first.bytes, options('Bruno Beispiel', 1), kept);
    expect(second.doc).toBe(kept);
    expect(second.sha256).toBe(sha256(second.bytes));
    const sealed = await sealDocument(second.bytes, source, tsa, second.doc);
    expect(sealed.sha256).toBe(sha256(sealed.bytes));
    expect(hashStateOf(sealed.doc, sealed.bytes)?.digest('hex')).toBe(sealed.sha256);

    // Every signature's messageDigest is the digest of its byte range (computed from the states).
    for (const { dict } of signatureValues(await loadPdf(sealed.bytes, { stored: true }))) {
      const range = (dict.get('ByteRange') as PdfArray)
        .toArray()
        .map((n) => (n as PdfNumber).value);
      const contents = (dict.get('Contents') as PdfString).bytes;
      const digest = rangeDigest(sealed.bytes, range);
      expect(Buffer.from(contents).includes(digest)).toBe(true);
    }
    const verdict = pdfsig(sealed.bytes);
    expect(verdict.status, verdict.output).toBe(0);
    expect(verdict.signatures.filter((s) => s.valid)).toHaveLength(2);
  });
});

describe('updates written in place after the version they append to', () => {
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

  it('a kept version is appended to without a copy; a second update of an older version copies and changes no newer one', async () => {
    requireTool('pdfsig');
    const pdf = await makeTestPdf({ pages: 2, title: 'In place' });
    const first = await signPdf(pdf, options('Anna Muster', 0));
    // The upload itself is never written after (its buffer is not Signet's to extend).
    expect(first.bytes.buffer).not.toBe(pdf.buffer);
    expect(keepParsed(first)).toBe(true);
    const second = await signPdf(
      first.bytes,
      options('Bruno Beispiel', 1),
      takeParsed(first.sha256),
    );
    // The second version is a longer view of the first's memory.
    expect(second.bytes.buffer).toBe(first.bytes.buffer);
    expect(second.bytes.length).toBeGreaterThan(first.bytes.length);

    // Another signature of the first version (a fresh parse, as after a lost race): the room
    // after it holds the second version now, so this one is written elsewhere.
    const other = await signPdf(first.bytes, options('Chloé Autre', 1));
    expect(other.bytes.buffer).not.toBe(first.bytes.buffer);
    expect(sha256(second.bytes)).toBe(second.sha256);
    expect(sha256(first.bytes)).toBe(first.sha256);
    expect(Buffer.from(other.bytes.subarray(0, first.bytes.length)).equals(first.bytes)).toBe(true);
    for (const version of [second, other]) {
      const verdict = pdfsig(version.bytes);
      expect(verdict.status, verdict.output).toBe(0);
      expect(verdict.signatures.map((s) => s.valid)).toEqual([true, true]);
    }
    // The seal continues the newest version in place too.
    const sealed = await sealDocument(second.bytes, source, tsa, second.doc);
    expect(sealed.bytes.buffer).toBe(first.bytes.buffer);
    expect(sha256(sealed.bytes)).toBe(sealed.sha256);
    expect(sha256(second.bytes)).toBe(second.sha256);
    expect(pdfsig(sealed.bytes).signatures.filter((s) => s.valid)).toHaveLength(2);
  });
});
