import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { isAppError } from '../errors.ts';
import type { AppEnv } from './types.ts';
import { toIssues, validationFailed } from './validation.ts';

/** The one place errors become responses: `{ code, message, details? }`. */
export function errorHandler(err: Error, c: Context<AppEnv>): Response {
  if (isAppError(err)) {
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    const body: Record<string, unknown> = { code: err.code, message: err.message };
    if (err.details !== undefined) body.details = err.details;
    if (err.status >= 500) logError(c, err);
    return c.json(body, err.status as ContentfulStatusCode);
  }
  if (err instanceof z.ZodError) {
    const e = validationFailed(toIssues(err));
    return c.json({ code: e.code, message: e.message, details: e.details }, 400);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code = err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    return c.json({ code, message: err.message || code }, err.status);
  }
  logError(c, err);
  const requestId = c.get('requestId');
  return c.json(
    { code: 'INTERNAL', message: 'Internal server error', details: { requestId } },
    500,
  );
}

function logError(c: Context<AppEnv>, err: Error) {
  const deps = c.get('deps');
  deps?.log.error(
    { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, err },
    'request failed',
  );
}

/** JSON 404 for unknown API paths. */
export function apiNotFound(c: Context<AppEnv>): Response {
  return c.json({ code: 'NOT_FOUND', message: `No API route ${c.req.method} ${c.req.path}` }, 404);
}
