import type { Context } from 'hono';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PdfPool } from '../pdf/pool/pool.ts';
import type { Principal, UserPrincipal } from '../services/context.ts';
import type { BlobStore } from '../storage/blob-store.ts';

/**
 * Who is calling (defined with the service context): an account (set by the authentication hook,
 * see {@link Authenticate}; routes with `auth: 'user'` get it non-null) or a direct signer
 * (routes with `auth: 'nas'`, see direct-auth.ts).
 */
export type { NasPrincipal, Principal, UserPrincipal } from '../services/context.ts';

/**
 * Authentication hook: reads the request (Authorization header, …) and returns the principal,
 * `null` when there are no credentials. Throw an AppError (401) for credentials that are
 * present but invalid. Called at most once per request, only for routes whose auth is not
 * 'none'.
 */
export type Authenticate = (c: Context<AppEnv>) => Promise<UserPrincipal | null>;

/** Everything the HTTP layer needs, passed to {@link createApp}. */
export type AppDeps = {
  config: Config;
  db: Db;
  log: Logger;
  mailer: Mailer;
  /** Defaults to the one exported by `server/src/routes/index.ts`. */
  authenticate?: Authenticate;
  /** Blob store for PDFs and renders; defaults to `createBlobStore` from the environment and DATA_DIR. */
  blobs?: BlobStore;
  /** The PDF worker pool (untrusted PDFs are parsed and drawn there); main.ts and createTestApp pass one. */
  pdf?: PdfPool;
  /**
   * Set when `db` is still opening (the server listens before that): resolves once `db` can
   * be used. `registerRoute` waits for it unless a route is registered with `needsDb: false`.
   */
  ready?: Promise<unknown>;
};

export type AppVariables = {
  requestId: string;
  deps: AppDeps;
  /** undefined: not resolved yet; null: anonymous. */
  principal: Principal | null | undefined;
};

export type AppEnv = { Variables: AppVariables };

/**
 * A group of API routes: registers its routes (with `registerRoute`) on the `/api` app.
 * Modules are listed in `server/src/routes/index.ts`.
 */
export type RouteModule = (api: import('hono').Hono<AppEnv>, deps: AppDeps) => void;
