import type { RouteDef, RouteInput, RouteOutput } from '@signet/shared';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../errors.ts';
import type { ServiceContext } from '../services/context.ts';
import { phase } from '../trace/phases.ts';
import { loggedApiCall } from './api-call.ts';
import { requestMeta } from './auth.ts';
import { authenticateDirect } from './direct-auth.ts';
import { jsonAnswer } from './json-answer.ts';
import type { AppDeps, AppEnv, NasPrincipal, Principal, UserPrincipal } from './types.ts';
import { parseOrThrow, readJsonBody } from './validation.ts';

type RoutePrincipal<R extends RouteDef> = R['auth'] extends 'user'
  ? UserPrincipal
  : R['auth'] extends 'nas'
    ? NasPrincipal
    : UserPrincipal | null;

/**
 * What a route handler receives: the parsed input, the service context for the use case, and
 * (for the few handlers that shape a special answer) the Hono context and deps.
 */
export type HandlerArgs<R extends RouteDef> = RouteInput<R> & {
  ctx: ServiceContext<RoutePrincipal<R>>;
  principal: RoutePrincipal<R>;
  c: Context<AppEnv>;
  deps: AppDeps;
};

/**
 * The service context of one call: the app's parts, the caller and the call's IP and user
 * agent. The blob store and the PDF pool are looked up when a use case first touches them.
 */
export function serviceContext<P extends Principal | null>(
  c: Context<AppEnv>,
  deps: AppDeps,
  principal: P,
): ServiceContext<P> {
  return {
    db: deps.db,
    get blobs() {
      if (!deps.blobs) throw new Error('This app was built without a blob store (deps.blobs)');
      return deps.blobs;
    },
    get pdf() {
      if (!deps.pdf) throw new Error('This app was built without a PDF worker pool (deps.pdf)');
      return deps.pdf;
    },
    config: deps.config,
    log: deps.log,
    principal,
    meta: requestMeta(c),
  };
}

/**
 * A route handler returns the response body (checked against the route's response schema and
 * sent as JSON with the route's status), or a `Response` for anything special.
 */
export type RouteHandler<R extends RouteDef> = (
  args: HandlerArgs<R>,
) => Promise<RouteOutput<R> | Response> | RouteOutput<R> | Response;

const EMPTY: Record<string, never> = Object.freeze({}) as Record<string, never>;

/** API paths (with /api) that answer before the database is open. */
export const DB_FREE_PATHS = new Set<string>(['/api/openapi.json', '/api/docs']);

export type RegisterOptions = {
  /** false for routes that never touch the database: they answer while it is still opening. */
  needsDb?: boolean;
};

/** `/v1/user/{id}` → `/v1/user/:id` */
export function toHonoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Resolves the caller once per request through `deps.authenticate` and caches it on the
 * context. Returns null for anonymous calls.
 */
export async function resolvePrincipal(
  c: Context<AppEnv>,
  deps: AppDeps,
): Promise<UserPrincipal | null> {
  const known = c.get('principal');
  if (known !== undefined) return known?.kind === 'nas' ? null : known;
  const principal = deps.authenticate ? await deps.authenticate(c) : null;
  c.set('principal', principal);
  return principal;
}

/**
 * Registers a route from the shared table on a Hono app mounted at `/api`:
 * - params, query and body are parsed with the route's zod schemas (400 VALIDATION_FAILED;
 *   bodies over 1 MB → 413 PAYLOAD_TOO_LARGE; routes without a body schema never read it);
 * - `auth: 'user'` requires a principal (401 UNAUTHENTICATED), `optional` passes it when
 *   present, `none` never authenticates; `nas` requires a direct signer's credentials (404
 *   NOT_FOUND when they are wrong, see direct-auth.ts);
 * - while the database opens at start, requests wait for it (app.ts) unless the route was
 *   registered with `needsDb: false` (only for routes without path parameters);
 * - the handler's result is parsed with the response schema (unknown keys are stripped, a
 *   mismatch is a 500 that gets logged) and sent as JSON.
 */
export function registerRoute<R extends RouteDef>(
  app: Hono<AppEnv>,
  deps: AppDeps,
  route: R,
  handler: RouteHandler<R>,
  options: RegisterOptions = {},
): void {
  const status = route.status ?? 200;
  // Routes that never touch the database may answer while it is still opening (see app.ts).
  if (options.needsDb === false && !route.path.includes('{'))
    DB_FREE_PATHS.add(`/api${route.path}`);
  // The call once the caller is known: parse, hand to the use case, check and send the answer.
  async function answer(c: Context<AppEnv>, principal: Principal | null): Promise<Response> {
    const params = route.params ? parseOrThrow(route.params, c.req.param(), 'params') : EMPTY;
    const query = route.query ? parseOrThrow(route.query, c.req.query(), 'query') : EMPTY;
    let body: unknown;
    if (route.body) body = parseOrThrow(route.body, await readJsonBody(c.req.raw), 'body');
    phase('parsed');
    const ctx = serviceContext(c, deps, principal);
    const result = await handler({
      params,
      query,
      body,
      ctx,
      principal,
      c,
      deps,
    } as HandlerArgs<R>);
    phase('handled');
    if (result instanceof Response) return result;
    if (status === 204) return c.body(null, 204);
    const checked = route.response.safeParse(result);
    if (!checked.success) {
      throw new Error(
        `Response of ${route.method} ${route.path} does not match its schema: ${checked.error.message}`,
      );
    }
    return jsonAnswer(c, checked.data, status as ContentfulStatusCode);
  }

  app.on(route.method, toHonoPath(route.path), async (c) => {
    phase('routed');
    // Who is calling comes first: anonymous callers of a user route learn nothing about inputs.
    let principal: Principal | null = null;
    if (route.auth === 'nas') {
      // Reads (downloads, page images) also take the document token in `?token=`.
      principal = await authenticateDirect(c, deps, { token: route.method === 'GET' });
    } else if (route.auth !== 'none') {
      principal = await resolvePrincipal(c, deps);
      if (route.auth === 'user' && !principal) {
        throw new AppError('UNAUTHENTICATED', 401, 'Sign in to use this endpoint');
      }
    }
    phase('authenticated');
    if (principal?.kind === 'api') {
      const api = principal;
      return loggedApiCall(c, deps, route, api, () => answer(c, api));
    }
    return answer(c, principal);
  });
}
