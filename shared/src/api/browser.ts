/**
 * The API as the site and the console call it: one client on the shared session, one error
 * type, one 401 handler and one upload path. Every call names an endpoint of the typed view
 * (`api.ts`); no path is written here or in the apps. Each function is its own export, so a
 * page ships only what it uses.
 *
 *   configureApi({ onServerError });        // once, in the app's lib/api
 *   const user = await call(api.getUser);
 */
import { UPLOAD_FIELD } from '../document/document.constants.ts';
import { endSessionAfterUnauthorized, readToken } from '../session/session.ts';
import type { RouteOf } from './api.ts';
import {
  apiErrorOf,
  authorizationHeader,
  call as callWith,
  createClient,
  type TCallArgs,
  type TClient,
  type TClientAuth,
  type TFailedRequest,
} from './client.ts';
import { type RouteOutput, routeUrl, type TEndpoint } from './route.ts';

/** A failed call: the server's `{ code, message, details? }` with the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /**
   * Any failure as an ApiError: the server's answer when there was one; status 0 and code
   * NETWORK when none came (offline, aborted, unreadable).
   */
  static of(error: unknown): ApiError {
    if (error instanceof ApiError) return error;
    const api = apiErrorOf(error);
    if (api) return new ApiError(api.status, api.code, api.message, api.details);
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status > 0) {
      return new ApiError(status, `HTTP_${status}`, error instanceof Error ? error.message : '');
    }
    return new ApiError(0, 'NETWORK', error instanceof Error ? error.message : '');
  }
}

/** An upload in flight: its result, and a way to cancel it (then it rejects with ABORTED). */
export type TUpload<T> = { promise: Promise<T>; abort: () => void };

export type TBrowserApiOptions = {
  /** Prefix of every path (default `/api`). */
  baseURL?: string;
  /** A 5xx other than 503 on a call that was not retried (the site goes to /sorry). */
  onServerError?: (request: TFailedRequest) => void;
  /**
   * Credentials other than the shared session's token: a direct signer's page sends the Basic
   * credentials of its signing link. A 401 to them ends no session (a direct signer has none).
   */
  auth?: () => TClientAuth | null;
};

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

let settings: TBrowserApiOptions = {};
let client: TClient | undefined;

/**
 * Sets up the API of this app (before its first call; the app's lib/api does it). Settings
 * add up: a page may add its own credentials (`auth`) to what lib/api set.
 */
export function configureApi(options: TBrowserApiOptions): void {
  settings = { ...settings, ...options };
  client = undefined;
}

const baseURL = () => settings.baseURL ?? '/api';

/** The credentials of a call: the page's own, else the session's bearer token. */
function credentials(): TClientAuth | null {
  if (settings.auth) return settings.auth();
  const token = readToken();
  return token ? { type: 'bearer', token } : null;
}

function bearer(): string | null {
  const auth = credentials();
  return auth ? authorizationHeader(auth) : null;
}

/** A 401 ends the shared session only when the session's token was sent. */
function unauthorized(): void {
  if (!settings.auth) endSessionAfterUnauthorized();
}

function theClient(): TClient {
  client ??= createClient({
    baseURL: baseURL(),
    getAuth: credentials,
    onUnauthorized: unauthorized,
    ...(settings.onServerError ? { onServerError: settings.onServerError } : {}),
  });
  return client;
}

/** Calls an endpoint of the typed view; rejects with {@link ApiError}. */
export async function call<E extends TEndpoint>(
  endpoint: E,
  ...args: TCallArgs<RouteOf<E>>
): Promise<RouteOutput<RouteOf<E>>> {
  try {
    return await callWith<RouteOf<E>>(theClient(), endpoint, ...args);
  } catch (error) {
    throw ApiError.of(error);
  }
}

/** Reads an XHR's JSON error body as an ApiError. */
function xhrError(xhr: XMLHttpRequest): ApiError {
  const body = (xhr.response ?? null) as { code?: unknown; message?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : `HTTP_${xhr.status}`;
  return new ApiError(xhr.status, code, typeof body?.message === 'string' ? body.message : '');
}

/**
 * Sends one file as multipart field `file` with progress reports (0…1), the same Authorization
 * header and the same 401 handling as every call.
 */
export function upload<E extends TEndpoint>(
  endpoint: E,
  input: { params?: unknown; file: Blob; fileName?: string },
  onProgress?: (fraction: number) => void,
): TUpload<RouteOutput<RouteOf<E>>> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<RouteOutput<RouteOf<E>>>((resolve, reject) => {
    xhr.open(endpoint.method, routeUrl(endpoint, { params: input.params }, baseURL()));
    const auth = bearer();
    if (auth) xhr.setRequestHeader('authorization', auth);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(xhr.response as RouteOutput<RouteOf<E>>);
        return;
      }
      if (xhr.status === 401 && auth) unauthorized();
      reject(xhrError(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', ''));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', ''));
    const form = new FormData();
    const name = input.fileName ?? (input.file instanceof File ? input.file.name : 'upload');
    form.append(UPLOAD_FIELD, input.file, name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/**
 * A binary answer (PDF, image, ZIP) as a Response, with the same Authorization header; HTTP
 * errors resolve too (the caller judges them; a 401 has already ended the session), a network
 * failure rejects with NETWORK.
 */
export async function fetchFile(
  endpoint: TEndpoint,
  input: { params?: unknown; query?: unknown; body?: unknown } = {},
  signal?: AbortSignal,
): Promise<Response> {
  const auth = bearer();
  let response: Response;
  try {
    response = await fetch(routeUrl(endpoint, input, baseURL()), {
      method: endpoint.method,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      // A JSON body for a binary answer (a preview made from unsaved settings).
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw ApiError.of(error);
  }
  if (response.status === 401 && auth) unauthorized();
  return response;
}

/** Downloads a binary answer as a file (name from Content-Disposition, else `fallbackName`). */
export async function saveFile(
  endpoint: TEndpoint,
  input: { params?: unknown; query?: unknown },
  fallbackName: string,
): Promise<void> {
  const response = await fetchFile(endpoint, input);
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw ApiError.of({ status: response.status, data: body });
  }
  const blob = await response.blob();
  const name = dispositionName(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
