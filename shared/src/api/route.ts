// Types only: this module is bundled into browser islands, which must not carry zod.
import type { z } from 'zod';

/** HTTP methods a route may use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - `none`: anyone, the principal is ignored;
 * - `user`: a signed-in principal is required (401 UNAUTHENTICATED otherwise);
 * - `optional`: the principal is passed when present;
 * - `nas`: a direct signer (Basic credentials from the signing link; document calls also take
 *   `?token=`); wrong or stale credentials answer 404, like an unknown request.
 */
export type RouteAuth = 'none' | 'user' | 'optional' | 'nas';

/** Any zod schema (zod 4 core type, so it works with `z.object`, `z.strictObject`, …). */
export type Schema = z.ZodType;

/**
 * One API endpoint, declared once and used by the server (validation, OpenAPI) and the
 * clients (typed calls). `path` is relative to `/api` in OpenAPI style: `/v1/user/{id}`.
 */
export type RouteDef = {
  method: HttpMethod;
  path: `/${string}`;
  auth: RouteAuth;
  summary: string;
  description?: string;
  /** OpenAPI tag; defaults to the first path segment after the version. */
  tags?: readonly string[];
  /** Path parameters, one key per `{name}` in `path`. */
  params?: Schema;
  /** Query string (values arrive as strings: use `z.coerce` for numbers). */
  query?: Schema;
  /** JSON request body; use `z.strictObject` so unknown fields are refused. */
  body?: Schema;
  /** JSON response body of the success status. */
  response: Schema;
  /** Success status; 200 unless stated. */
  status?: 200 | 201 | 202 | 204;
};

/** Identity helper that keeps the literal types of a route definition. */
export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

type InferOr<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;
type InputOr<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

/** Parsed (server-side) path parameters of a route. */
export type RouteParams<R extends RouteDef> = InferOr<R['params'], Record<string, never>>;
/** Parsed (server-side) query of a route. */
export type RouteQuery<R extends RouteDef> = InferOr<R['query'], Record<string, never>>;
/** Parsed (server-side) body of a route. */
export type RouteBody<R extends RouteDef> = InferOr<R['body'], undefined>;
/** What a handler returns and a client receives. */
export type RouteOutput<R extends RouteDef> = z.output<R['response']>;

/** The parsed input a server handler receives. */
export type RouteInput<R extends RouteDef> = {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
};

/** What a client passes to call a route (pre-parse input types); absent parts are omitted. */
export type RouteCallInput<R extends RouteDef> = (R['params'] extends z.ZodType
  ? { params: InputOr<R['params'], never> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: InputOr<R['query'], never> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: InputOr<R['body'], never> } : { body?: undefined });

/** Where an endpoint is and who may call it (one export of endpoints.ts, zod-free). */
export type TEndpoint = {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly auth: RouteAuth;
};

/** Fills `{name}` placeholders of an OpenAPI-style path with encoded values. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The JSON body of every API error: `{ code, message, details? }` (schema in error.schema.ts). */
export type TApiError = { code: string; message: string; details?: unknown };

/** A query object as a search string (`?a=1&b=x`), leaving out undefined, null and ''. */
export function buildQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The URL of an endpoint below the API's base (`/api` unless given), with its path parameters
 * filled in and its query appended: for links and for calls made outside the JSON client (page
 * images, downloads).
 */
export function routeUrl(
  endpoint: TEndpoint,
  input: { params?: unknown; query?: unknown } = {},
  base = '/api',
): string {
  const path = buildPath(endpoint.path, input.params as Record<string, unknown> | undefined);
  return `${base}${path}${buildQuery(input.query as Record<string, unknown> | undefined)}`;
}
