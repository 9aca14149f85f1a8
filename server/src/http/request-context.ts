import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { phase } from '../trace/phases.ts';
import type { AppDeps, AppEnv } from './types.ts';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * First middleware of every request: picks the request id (a safe incoming `X-Request-Id`, or
 * a new UUID), echoes it in the response, exposes the deps and writes one log line per request
 * when it ends.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const log = deps.log;
  const logs = log.isLevelEnabled('info');
  return async (c, next) => {
    const start = performance.now();
    phase('request');
    const incoming = c.req.header('x-request-id');
    const id = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', id);
    c.set('deps', deps);
    c.set('principal', undefined);
    c.header('X-Request-Id', id);
    await next();
    if (logs) {
      log.info({
        reqId: id,
        method: c.req.method,
        path: c.req.path,
        status: sentStatus(c.env) ?? c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      });
    }
  };
}

/** The status of a response written straight to Node's response (the Astro handler). */
function sentStatus(env: unknown): number | undefined {
  const out = (env as { outgoing?: { headersSent?: boolean; statusCode?: number } } | undefined)
    ?.outgoing;
  return out?.headersSent ? out.statusCode : undefined;
}
