/**
 * The API as the site and the console call it: one client on the shared session, one error
 * type, one 401 handler and one upload path. Every call names an endpoint of the typed view
 * (`api.ts`); no path is written here or in the apps.
 *
 *   const { call, upload } = createBrowserApi({ onServerError });
 *   const user = await call(api.getUser);
 */
import { UPLOAD_FIELD } from '../document/document.constants.ts';
import { endSessionAfterUnauthorized, readToken } from '../session/session.ts';
import {
  apiErrorOf,
  authorizationHeader,
  call,
  createClient,
  type TCallArgs,
  type TClient,
  type TFailedRequest,
} from './client.ts';
import { type RouteDef, type RouteOutput, routeUrl, type TApiEndpoint } from './route.ts';

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
  /** Called after the session was ended by a 401 (e.g. to reset an app's own state). */
  afterUnauthorized?: () => void;
};

export type TBrowserApi = {
  /** The underlying ofetch client (for tests and the few raw needs). */
  client: TClient;
  /** Calls an endpoint; rejects with {@link ApiError}. */
  call<R extends RouteDef>(
    endpoint: TApiEndpoint<R>,
    ...args: TCallArgs<R>
  ): Promise<RouteOutput<R>>;
  /**
   * Sends one file as multipart field `file` with progress reports (0…1), the same
   * Authorization header and the same 401 handling as every call.
   */
  upload<R extends RouteDef>(
    endpoint: TApiEndpoint<R>,
    input: { params?: unknown; file: Blob; fileName?: string },
    onProgress?: (fraction: number) => void,
  ): TUpload<RouteOutput<R>>;
  /**
   * A binary answer (PDF, image, ZIP) as a Response; HTTP errors resolve too (the caller judges
   * them; a 401 has already ended the session), a network failure rejects with NETWORK.
   */
  fetchFile<R extends RouteDef>(
    endpoint: TApiEndpoint<R>,
    input?: { params?: unknown; query?: unknown },
    signal?: AbortSignal,
  ): Promise<Response>;
  /** Downloads a binary answer as a file (name from Content-Disposition, else `fallbackName`). */
  saveFile<R extends RouteDef>(
    endpoint: TApiEndpoint<R>,
    input: { params?: unknown; query?: unknown },
    fallbackName: string,
  ): Promise<void>;
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

/** Reads an XHR's JSON error body as an ApiError. */
function xhrError(xhr: XMLHttpRequest): ApiError {
  const body = (xhr.response ?? null) as { code?: unknown; message?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : `HTTP_${xhr.status}`;
  return new ApiError(xhr.status, code, typeof body?.message === 'string' ? body.message : '');
}

/** The API of a browser app on the shared session (see the module comment). */
export function createBrowserApi(options: TBrowserApiOptions = {}): TBrowserApi {
  const baseURL = options.baseURL ?? '/api';
  const unauthorized = () => {
    endSessionAfterUnauthorized();
    options.afterUnauthorized?.();
  };
  const bearer = () => {
    const token = readToken();
    return token ? authorizationHeader({ type: 'bearer', token }) : null;
  };
  const client = createClient({
    baseURL,
    getAuth: () => {
      const token = readToken();
      return token ? { type: 'bearer', token } : null;
    },
    onUnauthorized: unauthorized,
    ...(options.onServerError ? { onServerError: options.onServerError } : {}),
  });

  async function fetchFile<R extends RouteDef>(
    endpoint: TApiEndpoint<R>,
    input: { params?: unknown; query?: unknown } = {},
    signal?: AbortSignal,
  ): Promise<Response> {
    const auth = bearer();
    let response: Response;
    try {
      response = await fetch(routeUrl(endpoint, input, baseURL), {
        method: endpoint.method,
        headers: auth ? { authorization: auth } : {},
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw ApiError.of(error);
    }
    if (response.status === 401 && auth) unauthorized();
    return response;
  }

  return {
    client,
    async call(endpoint, ...args) {
      try {
        return await call(client, endpoint, ...args);
      } catch (error) {
        throw ApiError.of(error);
      }
    },
    upload(endpoint, input, onProgress) {
      const xhr = new XMLHttpRequest();
      const promise = new Promise<never>((resolve, reject) => {
        xhr.open(endpoint.method, routeUrl(endpoint, { params: input.params }, baseURL));
        const auth = bearer();
        if (auth) xhr.setRequestHeader('authorization', auth);
        xhr.responseType = 'json';
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress?.(e.loaded / e.total);
        };
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300) {
            onProgress?.(1);
            resolve(xhr.response as never);
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
    },
    fetchFile,
    async saveFile(endpoint, input, fallbackName) {
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
    },
  };
}
