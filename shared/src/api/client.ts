import { type $Fetch, type FetchContext, type FetchOptions, ofetch } from 'ofetch';
import { exponentialBackoff, isRetryStatus, parseRetryAfter, RETRY_STATUS_CODES } from './retry.ts';
import {
  buildPath,
  type RouteCallInput,
  type RouteDef,
  type RouteOutput,
  type TApiEndpoint,
  type TApiError,
} from './route.ts';

/** Credentials the client sends: a session's bearer token, or direct-sign basic credentials. */
export type TClientAuth =
  | { type: 'bearer'; token: string }
  | { type: 'basic'; username: string; password: string };

/** Retry settings for idempotent reads. */
export type TClientRetry = {
  /** Retries after the first attempt (default 3). */
  count: number;
  /** First backoff in ms, doubled per retry (default 300). */
  baseMs: number;
  /** Largest backoff in ms (default 3000). */
  maxMs: number;
  /** Largest wait a server's Retry-After may ask for, in ms (default 30 s). */
  maxRetryAfterMs: number;
};

/** Defaults of {@link TClientRetry}. */
export const CLIENT_RETRY: TClientRetry = {
  count: 3,
  baseMs: 300,
  maxMs: 3_000,
  maxRetryAfterMs: 30_000,
};

/** What a callback learns about the failed request. */
export type TFailedRequest = { method: string; url: string; status: number };

export type TClientOptions = {
  /** Prefix of every path (default `/api`; absolute in Node, e.g. `http://127.0.0.1:3000/api`). */
  baseURL?: string;
  /** Current credentials, asked before every request; none → no Authorization header. */
  getAuth?: () => TClientAuth | null | undefined | Promise<TClientAuth | null | undefined>;
  /**
   * A request that carried credentials got 401: the session is gone. The site stores the
   * current path (unless on /login or /logout), clears the token and logs out. A 401 to a
   * request without credentials (e.g. wrong password at login) is left to the caller.
   */
  onUnauthorized?: (request: TFailedRequest) => void | Promise<void>;
  /**
   * A 5xx other than 503 on a request that was not retried. The site goes to /sorry unless
   * already there. Retried reads and 503 (maintenance, overload) are left to the caller.
   */
  onServerError?: (request: TFailedRequest) => void | Promise<void>;
  /** fetch implementation (default `globalThis.fetch`). */
  fetch?: typeof globalThis.fetch;
  /** Retry settings for GET/HEAD; other methods are never retried. */
  retry?: Partial<TClientRetry>;
  /** Abort a single attempt after this many ms. */
  timeout?: number;
};

/** The API client: an ofetch instance, callable as `client(path, options)`. */
export type TClient = $Fetch;

/** Per-call options of {@link call}. */
export type TCallOptions = Pick<FetchOptions, 'signal' | 'timeout' | 'headers'> & {
  /** `false` turns retries off for this read (then a 500 reaches `onServerError`). */
  retry?: false;
};

/** Attempt counter carried in ofetch's options across its retries. */
type TAttemptOptions = { signetAttempt?: number };

const IDEMPOTENT = new Set(['GET', 'HEAD']);

/** `Authorization` value for credentials; basic credentials are UTF-8 then base64. */
export function authorizationHeader(auth: TClientAuth): string {
  if (auth.type === 'bearer') return `Bearer ${auth.token}`;
  const bytes = new TextEncoder().encode(`${auth.username}:${auth.password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function willRetry(ctx: FetchContext, status: number): boolean {
  const remaining = ctx.options.retry;
  return typeof remaining === 'number' && remaining > 0 && isRetryStatus(status);
}

function requestUrl(ctx: FetchContext): string {
  return typeof ctx.request === 'string' ? ctx.request : ctx.request.url;
}

/**
 * Creates the API client (spec section 7 and 8) on `ofetch.create()`:
 * - base `/api`; `Authorization: Bearer <token>` or `Basic <base64>` from `getAuth`;
 *   plain-object bodies sent as JSON (`content-type: application/json`);
 * - GET/HEAD retried on 408, 409, 425, 429, 500, 502, 503, 504 (and network errors) a few times
 *   with doubling backoff, honouring Retry-After on 429/503; other methods never retried;
 * - 401 with credentials → `onUnauthorized`; 5xx except 503, not retried → `onServerError`.
 * Errors reject with ofetch's `FetchError` (`status`, `data` = the `{ code, message }` body);
 * read them with {@link apiErrorOf}.
 */
export function createClient(options: TClientOptions = {}): TClient {
  const retry: TClientRetry = { ...CLIENT_RETRY, ...options.retry };
  const { getAuth, onUnauthorized, onServerError } = options;

  return ofetch.create(
    {
      baseURL: options.baseURL ?? '/api',
      timeout: options.timeout,
      retryStatusCodes: [...RETRY_STATUS_CODES],
      retryDelay(ctx) {
        const attempt = (ctx.options as TAttemptOptions).signetAttempt ?? 0;
        const status = ctx.response?.status;
        if (status === 503 || status === 429) {
          const wait = parseRetryAfter(ctx.response?.headers.get('retry-after'));
          if (wait !== undefined) return Math.min(wait, retry.maxRetryAfterMs);
        }
        return exponentialBackoff(attempt, retry.baseMs, retry.maxMs);
      },
      async onRequest(ctx) {
        const opts = ctx.options as typeof ctx.options & TAttemptOptions;
        const method = (opts.method ?? 'GET').toUpperCase();
        if (opts.signetAttempt === undefined) {
          opts.signetAttempt = 0;
          // Only reads are safe to repeat; a caller may turn retries off, never on for writes.
          opts.retry = IDEMPOTENT.has(method) && opts.retry !== false ? retry.count : false;
        } else {
          opts.signetAttempt += 1;
        }
        if (getAuth && !opts.headers.has('authorization')) {
          const auth = await getAuth();
          if (auth) opts.headers.set('authorization', authorizationHeader(auth));
        }
      },
      async onResponseError(ctx) {
        const status = ctx.response.status;
        if (willRetry(ctx, status)) return;
        const failed: TFailedRequest = {
          method: (ctx.options.method ?? 'GET').toUpperCase(),
          url: requestUrl(ctx),
          status,
        };
        if (status === 401) {
          if (onUnauthorized && ctx.options.headers.has('authorization')) {
            await onUnauthorized(failed);
          }
          return;
        }
        const attempt = (ctx.options as TAttemptOptions).signetAttempt ?? 0;
        if (status >= 500 && status !== 503 && attempt === 0 && onServerError) {
          await onServerError(failed);
        }
      },
    },
    options.fetch ? { fetch: options.fetch } : {},
  );
}

/** Arguments of {@link call}: the input may be left out when the route takes none. */
export type TCallArgs<R extends RouteDef> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` tests "every part is optional".
  {} extends RouteCallInput<R>
    ? [input?: RouteCallInput<R>, options?: TCallOptions]
    : [input: RouteCallInput<R>, options?: TCallOptions];

/**
 * Calls one endpoint (an entry of the typed view `api`, or of the route table itself): fills
 * `{param}` placeholders from `input.params`, sends `input.query` and the JSON `input.body` with
 * the route's method, and resolves to the route's response type. A missing path parameter
 * rejects before anything is sent.
 */
export async function call<R extends RouteDef>(
  client: TClient,
  route: TApiEndpoint<R> | R,
  ...args: TCallArgs<R>
): Promise<RouteOutput<R>> {
  const [input, options] = args;
  const path = buildPath(route.path, input?.params as Record<string, unknown> | undefined);
  return client<RouteOutput<R>>(path, {
    ...options,
    method: route.method,
    query: input?.query as Record<string, unknown> | undefined,
    body: input?.body as Record<string, unknown> | undefined,
  });
}

/** An API error with the HTTP status it came with. */
export type TClientError = TApiError & { status: number };

/**
 * The `{ code, message, details? }` of a failed call with its status, or `null` when the error
 * is not an API error (network failure, non-JSON body, a bug).
 */
export function apiErrorOf(error: unknown): TClientError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (typeof status !== 'number') return null;
  // Checked by hand rather than with ZApiErrorSchema: the client ships to browsers without zod.
  if (typeof data !== 'object' || data === null) return null;
  const { code, message, details } = data as Record<string, unknown>;
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(code) || typeof message !== 'string') {
    return null;
  }
  return details === undefined ? { code, message, status } : { code, message, details, status };
}
