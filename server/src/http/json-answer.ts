import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './types.ts';

/**
 * A JSON answer with its `Content-Length`: the compression middleware sees from the header
 * alone that an answer under its threshold goes as it is, and never reads the body back
 * (compress-answer.ts), so @hono/node-server writes the string straight to the socket.
 */
export function jsonAnswer(c: Context<AppEnv>, data: unknown, status: ContentfulStatusCode) {
  const text = JSON.stringify(data);
  return c.body(text, status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  });
}
