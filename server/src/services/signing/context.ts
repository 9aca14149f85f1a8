import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventMeta } from '../../evidence/record-event.ts';
import type { Logger } from '../../log.ts';
import type { PdfPool } from '../../pdf/pool/pool.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ActorRef, ParticipantRef } from '../signature-requests/load-for-actor.ts';
import type { SigningBatch } from './signing-batch.ts';

/**
 * What the signing and request-file use cases get: the service context shape (db, blobs, pdf,
 * config, log, principal, meta).
 */
export type SigningContext = {
  db: Db;
  blobs: BlobStore;
  /** The PDF workers (stamp placement measures pages there). */
  pdf: PdfPool;
  config: Pick<
    Config,
    'secret' | 'publicUrl' | 'tsaUrl' | 'maxUploadBytes' | 'mode' | 'platform' | 'signThreads'
  >;
  log?: Pick<Logger, 'error' | 'warn'>;
  /** An account, or a direct signer (who reaches only their own slot of their own request). */
  principal: ParticipantRef;
  meta: EventMeta;
  /** Facts about how the signer was authenticated, added to the 'signed' evidence. */
  evidence?: Record<string, unknown>;
  /**
   * Set by a batch (`signRequests`): what its entries share, and the requests it completes,
   * whose protocols are built once it has answered (without it, each right after its commit).
   */
  batch?: SigningBatch;
};

/** The signing use cases only an account reaches (`POST /v3/sign`, the mobile confirmation). */
export type AccountSigningContext = SigningContext & { principal: ActorRef };

/** A file to hand out: bytes, the download name and the media type. */
export type FileOut = { bytes: Uint8Array; fileName: string; contentType: string };
