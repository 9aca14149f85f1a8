/**
 * Compression of the answers the server makes per request: pages (Astro's and the console's
 * index), the API's JSON. Files of the builds are not compressed here: they have Brotli and gzip
 * copies made at build time (precompress.ts).
 *
 * It runs once, on the final body: after the security headers, since a page's
 * Content-Security-Policy is made from its plain HTML (security-headers.ts). Hono's answers are
 * compressed by {@link compressAnswers}, the outermost middleware after the request context;
 * the pages Astro writes to Node's response are compressed by `secureNodeResponse` when it sends
 * the body it held back. Nothing wraps Node's response a second time: an earlier Node-level
 * `compression` layer patched `writeHead`/`write`/`end` under `secureNodeResponse`, which
 * patches the same methods to hold the body back, and the two layers' views of headers and
 * length disagreed (connections reset in e2e).
 *
 * Only HTML and JSON are compressed: every such answer here is built in memory. Streamed answers
 * (CSV exports) and files (PDFs, page images, ZIPs: already compressed) go as they are, and so
 * does anything with a `Content-Encoding`, `Cache-Control: no-transform`, or a body under
 * {@link COMPRESS_MIN_BYTES}. zlib works on libuv's thread pool, not on the event loop.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.ts';

/** Answers shorter than this go as they are: a TCP packet holds them anyway. */
export const COMPRESS_MIN_BYTES = 1024;

export type AnswerEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Quality 4 is Brotli's usual setting for answers made per request: gzip's speed, smaller. */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: 1 },
};

/**
 * The encoding to send for an `Accept-Encoding` header: Brotli when it is accepted, else gzip,
 * else none. `q=0` refuses a coding; `*` accepts those not named.
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepted = (coding: AnswerEncoding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/** Whether an answer of this type is worth compressing here (HTML and JSON). */
export function isCompressibleType(contentType: string | null | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'text/html' || type === 'application/json' || type.endsWith('+json');
}

/** `body` compressed with `encoding`. */
export async function compressBody(body: Uint8Array, encoding: AnswerEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzipAsync(body);
}

/** `vary` with `Accept-Encoding` added once. */
export function varyAcceptEncoding(vary: string | null | undefined): string {
  if (!vary) return 'Accept-Encoding';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) return vary;
  return `${vary}, Accept-Encoding`;
}

/**
 * Whether an answer with these headers may be compressed at all (its size aside): a body of
 * HTML or JSON, not encoded yet, not marked `no-transform`, not an empty status.
 */
export function mayCompress(status: number, headers: { get(name: string): string | null }) {
  if (status < 200 || status === 204 || status === 304) return false;
  if (headers.get('content-encoding')) return false;
  if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return false;
  return isCompressibleType(headers.get('content-type'));
}

/**
 * The middleware compressing Hono's answers. Register it before `securityHeaders` so that it
 * sees the answer last, CSP included. Pages Astro writes itself are compressed in
 * `secureNodeResponse` (their `c.res` is only a marker); in-process API calls of those pages
 * send no `Accept-Encoding` and get plain JSON.
 */
export function compressAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    // Headers before the body: reading `res.body` turns @hono/node-server's light answer into a
    // web Response streamed out afterwards, which an answer that goes as it is never needs. An
    // answer whose declared length is under the threshold (the API's JSON, json-answer.ts) is
    // left untouched.
    if (!mayCompress(res.status, res.headers)) return;
    const length = res.headers.get('content-length');
    if (length !== null && Number(length) < COMPRESS_MIN_BYTES) return;
    if (!res.body) return;
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (!encoding) {
      // The body stays as it is (not read again); a cache still learns the answer may differ.
      res.headers.set('Vary', varyAcceptEncoding(res.headers.get('vary')));
      return;
    }
    const plain = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    const answer = (body: Uint8Array<ArrayBuffer>) => {
      // Hono's `c.res = …` copies the old answer's headers over the new one's (a stale
      // Content-Length among them): start from none.
      c.res = undefined;
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
    };
    if (plain.byteLength < COMPRESS_MIN_BYTES) return answer(plain);
    headers.set('Vary', varyAcceptEncoding(headers.get('vary')));
    const body = await compressBody(plain, encoding);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.byteLength));
    answer(new Uint8Array(body));
  };
}
