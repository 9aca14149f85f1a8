import type { TDocumentSignature } from '@signet/shared/signature-request/signature-request.schema';
import type { CertificateAuthority } from '../../crypto/ca.ts';
import type { Signer } from '../../crypto/signer.ts';
import type { TimestampAuthority } from '../../crypto/tsa/timestamp-authority.ts';
import { AppError } from '../../errors.ts';
import type { StampContent } from '../../pdf/stamp/layout.ts';
// PDF modules (libpdf, pkijs) load on first use, off the server's start-up path.
import type { StampPlan } from '../../pdf/stamp/plan.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import { phase } from '../../trace/phases.ts';
import { currentCrls, validationData } from '../pki/revocation.ts';
import type { LoadedRequest } from '../signature-requests/load-for-actor.ts';
import type { SigningContext } from './context.ts';
import { shared } from './signing-batch.ts';
import { stampPlacement } from './stamp-slot.ts';

/** One document signed in memory: where it came from and the new version. */
export type SignedDocument = {
  id: string;
  title: string;
  /** The blob key the signature was applied to (the version the commit expects to replace). */
  from: string;
  /** The stamp plan made at this (first) signature, to keep with the document. */
  plan: StampPlan | null;
  bytes: Uint8Array;
  sha256: string;
};

export type PreparedSignature = {
  documents: SignedDocument[];
  /** When the signature time stamp says the documents were signed (the TSA's genTime). */
  timestampedAt: Date | null;
  /** PAdES level the documents reach: B-T for a signature, B-LTA once the last one is in. */
  level: 'B-T' | 'B-LTA';
  /**
   * The blob writes, started; the commit waits for them (a row never points at a missing blob).
   * They own the documents' bytes: read `sha256`, not `bytes`, once they have started.
   */
  stored: Promise<unknown>;
};

export type SignatureInput = {
  name: string;
  reason?: string;
  /** The platform (SES) or the signer's own certificate (AES, QES). */
  signer: Signer;
  /** What the visual signature shows on each document. */
  appearance: (documentId: string) => StampContent;
  at: Date;
  placements: readonly TDocumentSignature[];
  /** The signer's slot (their id among the request's signers). */
  signerId: string;
  /** The request is complete with this signature: seal every document (B-LTA). */
  completes: boolean;
};

/**
 * The PDF and crypto modules, imported once on first use (a dynamic import resolves through the
 * module loader at every call, ≈ 0.2 ms of a signing call's CPU).
 */
const importPdfModules = () =>
  Promise.all([
    import('../../pdf/sign.ts'),
    import('../../pdf/ltv.ts'),
    import('../../crypto/der-walk.ts'),
    import('../../pdf/parsed-cache.ts'),
    import('../../pdf/in-step.ts'),
    import('../../crypto/tsa/timestamp-authority.ts'),
  ]);
let importedPdfModules: ReturnType<typeof importPdfModules> | undefined;
const pdfModules = () => {
  importedPdfModules ??= importPdfModules();
  return importedPdfModules;
};

/**
 * Everything about a signature that is not the database: reads each document's current version,
 * signs it (PAdES B-T with the platform certificate and a signature time stamp) and, when the
 * signature completes the request, seals it (DSS with chains, OCSP responses and the CRL, then
 * a document time stamp: B-LTA). Runs before the transaction, so the request row is locked only
 * for the writes; a placement outside a page (422) fails here and stores nothing.
 */
export async function prepareSignature(
  ctx: SigningContext,
  ca: CertificateAuthority,
  tsa: TimestampAuthority,
  loaded: LoadedRequest,
  input: SignatureInput,
): Promise<PreparedSignature> {
  const [
    { signPdf },
    { sealDocument },
    { timestampTokenTime },
    { keepParsed, takeParsedWhenReady },
    { versionBytes },
    { TimestampError },
  ] = await pdfModules();
  let timestampedAt: Date | null = null;
  // An external TSA that fails is an outage upstream: 503, nothing written, try again later.
  const upstream = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (e) {
      if (!(e instanceof TimestampError)) throw e;
      ctx.log?.warn({ err: e, tsa: tsa.name }, 'time-stamping authority failed');
      throw new AppError(
        'TSA_UNAVAILABLE',
        503,
        'The time-stamping service is not available right now; nothing was signed. Please try again shortly.',
        undefined,
        { 'Retry-After': '30' },
      );
    }
  };
  const stamping: TimestampAuthority = {
    name: tsa.name,
    maxTokenBytes: () => upstream(() => tsa.maxTokenBytes()),
    async timestamp(digest) {
      const token = await upstream(() => tsa.timestamp(digest));
      timestampedAt ??= timestampTokenTime(token);
      return token;
    },
  };
  const crls = input.completes ? await currentCrls(ctx.db, ctx.config) : null;
  // A batch of several entries signs in the threads; one entry (the request page's signature)
  // gains nothing from a hop to a thread and stays here, on the warm main thread.
  const threads = (ctx.batch?.requestIds.length ?? 0) > 1 ? ctx.config.signThreads : 0;
  // Each version parsed at most once: the previous signature's document when this process made
  // it, or the parse made while the signer typed their TAN (pdf/parsed-cache.ts). A kept
  // document stands for the stored version's bytes (and keeps their hash state): no blob read.
  const current = await Promise.all(
    loaded.documents.map(async (d) => {
      const ready = threads > 0 ? undefined : await takeParsedWhenReady(d.currentBlobKey);
      if (ready) return { bytes: versionBytes(ready), ready };
      const bytes = await ctx.blobs.get(d.currentBlobKey);
      if (!bytes) throw new BlobNotFoundError(d.currentBlobKey);
      return { bytes, ready };
    }),
  );
  const blobs = current.map((c) => c.bytes);
  const plan = fontPlan(loaded);
  phase('prepare:read');
  const documents: SignedDocument[] = [];
  /** Versions whose parsed document is kept for the next signature (their bytes stay ours). */
  const keeping = new Set<string>();
  const validation = (certificates: readonly Uint8Array[]) =>
    // The same certificates in every document a batch seals: their OCSP responses once.
    shared(ctx.batch, `validation:${certificatesKey(certificates)}`, () =>
      validationData(ctx.db, ca, crls as NonNullable<typeof crls>, certificates),
    );
  if (threads > 0) {
    // A batch entry's PDF work goes to the signing threads (threads/sign-threads.ts); the key,
    // the time stamps, the validation data and the PDF workers answer them from here.
    const { signThreads } = await import('./threads/sign-threads.ts');
    const maxTokenBytes = await stamping.maxTokenBytes();
    const signer = {
      certificateChain: input.signer.certificateChain,
      keyType: input.signer.keyType,
    };
    const pool = await signThreads(threads, signer);
    const signed = await Promise.all(
      loaded.documents.map((d, i) =>
        pool.sign(
          {
            bytes: blobs[i] as Uint8Array,
            document: d,
            signers: loaded.signers,
            signerId: input.signerId,
            placements: input.placements,
            signerName: input.name,
            ...(input.reason ? { reason: input.reason } : {}),
            signingTime: input.at,
            appearance: input.appearance(d.id),
            fontPlan: plan,
            signer,
            tsa: { name: tsa.name, maxTokenBytes },
            seal: crls !== null,
          },
          {
            sign: (data) => input.signer.sign(data),
            timestamp: (digest) => stamping.timestamp(digest),
            validation,
            pdfJob: ({ kind, input: job }) => ctx.pdf.run(kind, job as never),
          },
        ),
      ),
    );
    for (const [i, d] of loaded.documents.entries()) {
      const s = signed[i] as (typeof signed)[number];
      documents.push({ id: d.id, title: d.title, from: d.currentBlobKey, ...s });
    }
  }
  for (const [i, d] of threads > 0 ? [] : loaded.documents.entries()) {
    // Without a kept document, the placement's measurement (a first signature) hands its parse
    // on; the seal appends to the signed document in step (pdf/in-step.ts).
    const { ready } = current[i] as (typeof current)[number];
    const place = await stampPlacement(
      ctx.pdf,
      loaded,
      d,
      blobs[i] as Uint8Array,
      input.signerId,
      input.placements,
      ready,
    );
    phase('prepare:placement');
    let signed = await signPdf(
      blobs[i] as Uint8Array,
      {
        signer: input.signer,
        tsa: stamping,
        signerName: input.name,
        ...(input.reason ? { reason: input.reason } : {}),
        signingTime: input.at,
        field: place.field,
        ...(place.appendPages ? { appendPages: place.appendPages } : {}),
        appearance: input.appearance(d.id),
        uploadLength: d.size,
        fontPlan: plan,
      },
      place.parsed ?? ready,
    );
    phase('prepare:signed');
    if (crls) {
      signed = await sealDocument(signed.bytes, validation, stamping, signed.doc);
    }
    phase('prepare:sealed');
    documents.push({
      id: d.id,
      title: d.title,
      from: d.currentBlobKey,
      plan: place.plan,
      bytes: signed.bytes,
      sha256: signed.sha256,
    });
    // Someone signs after this one: keep the document for them.
    if (!crls && keepParsed(signed)) keeping.add(signed.sha256);
  }
  // Written while the transaction runs (and only once every document could be signed); the
  // bytes are handed over to the store unless a kept parsed document appends to them later.
  const stored = Promise.all(
    documents.map((s) =>
      ctx.blobs.put(s.bytes, {
        contentType: 'application/pdf',
        sha256: s.sha256,
        handOver: !keeping.has(s.sha256),
      }),
    ),
  );
  stored.catch(() => {});
  return { documents, timestampedAt, level: crls ? 'B-LTA' : 'B-T', stored };
}

/**
 * What the next stamps of the request will likely show, for the first stamp font of a document
 * to embed along (pdf/appearance.ts `StampFonts`): every signer's name in bold, their addresses
 * in regular, digits in both (dates, numbered names). A later stamp then reuses those glyphs
 * and adds no font (≈ 4 KB per weight); a glyph nobody foresaw gets a small subset of its own.
 */
export function fontPlan(loaded: LoadedRequest): { regular: string; bold: string } {
  const names = loaded.signers.map((s) =>
    [
      s.signingName,
      loaded.accountNames.get(s.email),
      [s.firstName, s.lastName].filter(Boolean).join(' '),
    ].join(' '),
  );
  const digits = '0123456789';
  return {
    bold: unique(`${digits}${names.join(' ')}`),
    regular: unique(`${digits}${loaded.signers.map((s) => s.email).join(' ')}`),
  };
}

const unique = (text: string): string => [...new Set(text)].join('');
/** Which certificates, as a key: their bytes, in order. */
const certificatesKey = (certificates: readonly Uint8Array[]): string =>
  certificates.map((c) => Buffer.from(c).toString('base64')).join(',');
