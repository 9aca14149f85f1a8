import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { isAppError } from '../errors.ts';
import { jsonAnswer } from './json-answer.ts';
import type { AppEnv } from './types.ts';
import { toIssues, validationFailed } from './validation.ts';

/** The one place errors become responses: `{ code, message, details? }`. */
export function errorHandler(err: Error, c: Context<AppEnv>): Response {
  // An answer made before the error (a middleware failing after the handler) is dropped, not
  // merged into this one: its headers, its Content-Length among them, do not describe it.
  if (c.finalized) c.res = undefined;
  if (isAppError(err)) {
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    const body: Record<string, unknown> = { code: err.code, message: err.message };
    if (err.details !== undefined) body.details = err.details;
    if (err.status >= 500) logError(c, err);
    return jsonAnswer(c, body, err.status as ContentfulStatusCode);
  }
  if (err instanceof z.ZodError) {
    const e = validationFailed(toIssues(err));
    return jsonAnswer(c, { code: e.code, message: e.message, details: e.details }, 400);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code = err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    return jsonAnswer(c, { code, message: err.message || code }, err.status);
  }
  logError(c, err);
  const requestId = c.get('requestId');
  return jsonAnswer(
    c,
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
  return jsonAnswer(
    c,
    { code: 'NOT_FOUND', message: `No API route ${c.req.method} ${c.req.path}` },
    404,
  );
}
