import type { TDocumentSignature } from '@signet/shared/signature-request/signature-request.schema';
import type { CertificateAuthority } from '../../crypto/ca.ts';
import type { Signer } from '../../crypto/signer.ts';
import type { TimestampAuthority } from '../../crypto/tsa/timestamp-authority.ts';
import { AppError } from '../../errors.ts';
// PDF modules (libpdf, pkijs) load on first use, off the server's start-up path.
import type { SignatureField } from '../../pdf/signature-field.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import { currentCrl, validationData } from '../pki/revocation.ts';
import type { LoadedRequest } from '../signature-requests/load-for-actor.ts';
import type { SigningContext } from './context.ts';

/** One document signed in memory: where it came from and the new version. */
export type SignedDocument = {
  id: string;
  title: string;
  /** The blob key the signature was applied to (the version the commit expects to replace). */
  from: string;
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
  lines: readonly string[];
  at: Date;
  placements: readonly TDocumentSignature[];
  /** The signer's place in the request (0-based): the default visual signature's slot. */
  slot: number;
  /** The request is complete with this signature: seal every document (B-LTA). */
  completes: boolean;
  /** Who signs: a business's seal; the platform certificate (SES) when absent. */
  signer?: Signer;
};

/** API placement (1-based page) → PDF field (0-based page). */
const toField = (p: TDocumentSignature): SignatureField => ({
  page: p.page - 1,
  x: p.x,
  y: p.y,
  width: p.width,
  height: p.height,
});

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
  const [{ signPdf }, { sealDocument }, { timestampTokenTime }] = await Promise.all([
    import('../../pdf/sign.ts'),
    import('../../pdf/ltv.ts'),
    import('../../crypto/der-walk.ts'),
  ]);
  let timestampedAt: Date | null = null;
  const { TimestampError } = await import('../../crypto/tsa/timestamp-authority.ts');
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
  const crl = input.completes ? await currentCrl(ctx.db, ctx.config) : null;
  const blobs = await Promise.all(
    loaded.documents.map(async (d) => {
      const bytes = await ctx.blobs.get(d.currentBlobKey);
      if (!bytes) throw new BlobNotFoundError(d.currentBlobKey);
      return bytes;
    }),
  );
  const documents: SignedDocument[] = [];
  for (const [i, d] of loaded.documents.entries()) {
    const placement = input.placements.find((p) => p.document_id === d.id);
    let signed = await signPdf(blobs[i] as Uint8Array, {
      signer: input.signer ?? ca.platformSigner,
      tsa: stamping,
      signerName: input.name,
      ...(input.reason ? { reason: input.reason } : {}),
      signingTime: input.at,
      field: placement ? toField(placement) : { defaultSlot: input.slot },
      appearance: { lines: input.lines },
    });
    if (crl) {
      signed = await sealDocument(
        signed.bytes,
        (certificates) => validationData(ctx.db, ca, crl, certificates),
        stamping,
      );
    }
    documents.push({ id: d.id, title: d.title, from: d.currentBlobKey, ...signed });
  }
  // Written while the transaction runs (and only once every document could be signed); the
  // bytes are handed over to the store: nothing reads them here afterwards.
  const stored = Promise.all(
    documents.map((s) =>
      ctx.blobs.put(s.bytes, { contentType: 'application/pdf', sha256: s.sha256, handOver: true }),
    ),
  );
  stored.catch(() => {});
  return { documents, timestampedAt, level: crl ? 'B-LTA' : 'B-T', stored };
}
