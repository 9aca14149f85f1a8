import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';
import type { PdfPool } from '../pdf/pool/pool.ts';
import type { BlobStore } from '../storage/blob-store.ts';

/**
 * A caller with an account: who they are (and the session they use, when they have one). An API
 * user (`kind: 'api'`) acts through an account of its own, so `userId` is that account.
 */
export type UserPrincipal = {
  kind: 'user' | 'api';
  userId: string;
  /** The session the bearer token belongs to, when there is one. */
  sessionId?: string;
  /** With kind `api`: the API user whose Basic credentials made the call, and its business. */
  apiUser?: { id: string; businessId: string; username: string };
};

/**
 * A direct signer (role nas): one signer slot of one open request, proven by the Basic
 * credentials of its signing link or a document token (http/direct-auth.ts).
 */
export type NasPrincipal = { kind: 'nas'; requestId: string; signerId: string };

/** The caller of a use case. */
export type Principal = UserPrincipal | NasPrincipal;

/** Facts about the call kept with sessions, rate limits and evidence: IP and user agent. */
export type RequestMeta = { ip: string | null; userAgent: string | null };

/**
 * What every use case gets, built once per call by the HTTP layer (`registerRoute`) and by jobs
 * and tests the same way: the database, the blob store, the PDF worker pool, the configuration,
 * the logger, the caller and the call's IP and user agent. A use case takes what it needs from it
 * (`Pick<ServiceContext, 'db' | 'principal'>` for a read) and never sees a `Request`.
 */
export type ServiceContext<P extends Principal | null = UserPrincipal> = {
  db: Db;
  blobs: BlobStore;
  /** Where untrusted PDFs are parsed and drawn (worker processes with limits). */
  pdf: PdfPool;
  config: Config;
  log: Logger;
  principal: P;
  meta: RequestMeta;
};

/** The context of a call anyone may make (signup, login): the caller may be unknown. */
export type AnonymousContext = ServiceContext<UserPrincipal | null>;
