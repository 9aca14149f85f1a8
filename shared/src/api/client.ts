import { exponentialBackoff, isRetryStatus, parseRetryAfter } from './retry.ts';
import {
  buildPath,
  buildQuery,
  type RouteCallInput,
  type RouteDef,
  type RouteOutput,
  type TApiError,
  type TEndpoint,
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

/** What one request of the client takes. */
export type TRequestOptions = {
  method?: string;
  /** A plain object (sent as JSON) or a body fetch takes as it is. */
  body?: unknown;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Abort a single attempt after this many ms (default: the client's). */
  timeout?: number;
  /** `false` turns retries off for this read (then a 500 reaches `onServerError`). */
  retry?: false;
};

/** The API client: `client(path, options)` resolves to the answer's JSON. */
export type TClient = <T = unknown>(path: string, options?: TRequestOptions) => Promise<T>;

/** Per-call options of {@link call}. */
export type TCallOptions = Pick<TRequestOptions, 'signal' | 'timeout' | 'headers' | 'retry'>;

/**
 * A failed request: the HTTP status and the answer's body (`data`, the `{ code, message }` of
 * an API error); read it with {@link apiErrorOf}. Status 0: no answer came.
 */
export class HttpFailure extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, data: unknown, message: string) {
    super(message);
    this.name = 'HttpFailure';
    this.status = status;
    this.data = data;
  }
}

const IDEMPOTENT = new Set(['GET', 'HEAD']);

/** `Authorization` value for credentials; basic credentials are UTF-8 then base64. */
export function authorizationHeader(auth: TClientAuth): string {
  if (auth.type === 'bearer') return `Bearer ${auth.token}`;
  const bytes = new TextEncoder().encode(`${auth.username}:${auth.password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

const isPlainObject = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Array.isArray(value));

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** The answer's body: JSON when it says so, else text; nothing for an empty one. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Creates the API client (spec sections 7 and 8) on `fetch`:
 * - base `/api`; `Authorization: Bearer <token>` or `Basic <base64>` from `getAuth`;
 *   plain-object bodies sent as JSON (`content-type: application/json`);
 * - GET/HEAD retried on 408, 409, 425, 429, 500, 502, 503, 504 (and network errors) a few times
 *   with doubling backoff, honouring Retry-After on 429/503; other methods never retried;
 * - 401 with credentials → `onUnauthorized`; 5xx except 503, not retried → `onServerError`.
 * Failures reject with {@link HttpFailure} (`status`, `data` = the `{ code, message }` body);
 * read them with {@link apiErrorOf}.
 *
 * (A page of code rather than a fetch library: every page of the site ships it, and the login
 * page has a budget.)
 */
export function createClient(options: TClientOptions = {}): TClient {
  const retry: TClientRetry = { ...CLIENT_RETRY, ...options.retry };
  const { getAuth, onUnauthorized, onServerError } = options;
  const baseURL = options.baseURL ?? '/api';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return async function client<T>(path: string, request: TRequestOptions = {}): Promise<T> {
    const method = (request.method ?? 'GET').toUpperCase();
    const url = `${baseURL}${path}${buildQuery(request.query)}`;
    const headers = new Headers(request.headers);
    if (!headers.has('authorization') && getAuth) {
      const auth = await getAuth();
      if (auth) headers.set('authorization', authorizationHeader(auth));
    }
    let body: RequestInit['body'];
    if (isPlainObject(request.body)) {
      body = JSON.stringify(request.body);
      headers.set('content-type', 'application/json');
    } else if (request.body !== undefined) body = request.body as RequestInit['body'];
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    // Only reads are safe to repeat; a caller may turn retries off, never on for writes.
    const retries = IDEMPOTENT.has(method) && request.retry !== false ? retry.count : 0;
    const timeout = request.timeout ?? options.timeout;

    for (let attempt = 0; ; attempt++) {
      const signals = [request.signal, timeout ? AbortSignal.timeout(timeout) : undefined];
      const active = signals.filter((x): x is AbortSignal => x !== undefined);
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers,
          body,
          ...(active.length
            ? { signal: active.length === 1 ? active[0] : AbortSignal.any(active) }
            : {}),
        });
      } catch (error) {
        if (attempt < retries && !request.signal?.aborted) {
          await sleep(exponentialBackoff(attempt, retry.baseMs, retry.maxMs), request.signal);
          continue;
        }
        throw new HttpFailure(0, undefined, error instanceof Error ? error.message : 'network');
      }
      const data = await readBody(response);
      if (response.ok) return data as T;
      const status = response.status;
      if (attempt < retries && isRetryStatus(status)) {
        const asked =
          status === 503 || status === 429
            ? parseRetryAfter(response.headers.get('retry-after'))
            : undefined;
        const wait =
          asked === undefined
            ? exponentialBackoff(attempt, retry.baseMs, retry.maxMs)
            : Math.min(asked, retry.maxRetryAfterMs);
        await sleep(wait, request.signal);
        continue;
      }
      const failed: TFailedRequest = { method, url, status };
      if (status === 401) {
        if (onUnauthorized && headers.has('authorization')) await onUnauthorized(failed);
      } else if (status >= 500 && status !== 503 && attempt === 0 && onServerError) {
        await onServerError(failed);
      }
      throw new HttpFailure(status, data, `${method} ${url}: ${status}`);
    }
  };
}

/** Arguments of {@link call}: the input may be left out when the route takes none. */
export type TCallArgs<R extends RouteDef> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` tests "every part is optional".
  {} extends RouteCallInput<R>
    ? [input?: RouteCallInput<R>, options?: TCallOptions]
    : [input: RouteCallInput<R>, options?: TCallOptions];

/**
 * Calls one route with a client: fills `{param}` placeholders from `input.params`, sends
 * `input.query` and the JSON `input.body` with the route's method, and resolves to the route's
 * response type. A missing path parameter rejects before anything is sent. The browsers call
 * endpoints of the typed view through `browser.ts`; `endpoint` lets it pass one with the types
 * of its route.
 */
export async function call<R extends RouteDef>(
  client: TClient,
  route: R,
  ...args: TCallArgs<R>
): Promise<RouteOutput<R>>;
export async function call<R extends RouteDef>(
  client: TClient,
  route: TEndpoint,
  ...args: TCallArgs<R>
): Promise<RouteOutput<R>>;
export async function call<R extends RouteDef>(
  client: TClient,
  route: TEndpoint,
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
