import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import {
  COMPRESS_MIN_BYTES,
  chooseEncoding,
  compressBody,
  mayCompress,
  varyAcceptEncoding,
} from './compress-answer.ts';
import type { AppEnv } from './types.ts';

/**
 * Security headers on every answer: pages, files and API alike.
 *
 * - Pages get a strict Content-Security-Policy: scripts only from our origin plus the exact
 *   inline scripts of that page, allowed by their SHA-256 (computed from the HTML as it is sent,
 *   so Astro's inline scripts, `define:vars` variants included, need no list to keep up to
 *   date); no `unsafe-inline` for scripts, no `eval`, no plugins, no framing.
 * - Every other answer gets `default-src 'none'`: a JSON or file answer opened as a document
 *   runs nothing and loads nothing.
 * - Framing is refused everywhere (`frame-ancestors 'none'`, and X-Frame-Options for old
 *   browsers): no clickjacking on Sign or Decline.
 * - Plus nosniff, a referrer policy that keeps tokens in URLs to ourselves, a cross-origin opener
 *   policy, a permissions policy switching off what the product never uses, and HSTS when the
 *   public URL is https.
 */

/** Features the product never uses: nobody (not even we) may ask for them. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The headers every answer carries (CSP aside). */
export function baseSecurityHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(config.publicUrl.startsWith('https://')
      ? { 'Strict-Transport-Security': 'max-age=31536000' }
      : {}),
  };
}

/** The policy of anything that is not a page. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** SHA-256 sources (`'sha256-…'`) of the inline scripts a browser would run in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue; // JSON data blocks do not run
    const digest = createHash('sha256')
      .update(m[2] ?? '', 'utf8')
      .digest('base64');
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/** The Content-Security-Policy of one page, its inline scripts allowed by hash. */
export function pageCsp(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    // React style attributes and MUI's runtime <style> tags; no script can run from a style.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The header of @hono/node-server's RESPONSE_ALREADY_SENT marker. */
const ALREADY_SENT = 'x-hono-already-sent';

const isHtml = (contentType: string | null | undefined) => /^text\/html\b/i.test(contentType ?? '');

/**
 * The middleware for answers Hono builds (API, files, the console, /api/docs): base headers,
 * and the CSP for pages computed from their HTML.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'>): MiddlewareHandler<AppEnv> {
  const base = baseSecurityHeaders(config);
  return async (c, next) => {
    await next();
    // The Astro handler writes to Node's response itself (see secureNodeResponse), which may
    // still be compressing when the handler returns: its answer here is only a marker.
    if ((c.env as { outgoing?: { headersSent?: boolean } } | undefined)?.outgoing?.headersSent)
      return;
    const res = c.res;
    if (res.headers.has(ALREADY_SENT)) return;
    for (const [k, v] of Object.entries(base)) if (!res.headers.has(k)) res.headers.set(k, v);
    const own = res.headers.get('Content-Security-Policy');
    if (own) {
      // An answer with a policy of its own (a report, an attachment) still may not be framed.
      if (!/frame-ancestors/.test(own)) {
        res.headers.set('Content-Security-Policy', `${own}; frame-ancestors 'none'`);
      }
      return;
    }
    if (isHtml(res.headers.get('content-type')) && res.body) {
      const html = await res.text();
      const headers = new Headers(res.headers);
      headers.set('Content-Security-Policy', pageCsp(html));
      c.res = new Response(html, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    res.headers.set('Content-Security-Policy', NON_HTML_CSP);
  };
}

type NodeResponse = {
  statusCode: number;
  setHeader(name: string, value: string | number | readonly string[]): unknown;
  getHeader(name: string): unknown;
  hasHeader(name: string): boolean;
  removeHeader(name: string): void;
  writeHead(...args: unknown[]): unknown;
  write(...args: unknown[]): boolean;
  end(...args: unknown[]): unknown;
};

/**
 * Prepares Node's response for a handler that writes to it directly (Astro's): the base
 * headers now, and for HTML the body held back until the end, so the CSP can name the hashes
 * of the page's inline scripts before anything is sent, then compressed by the request's
 * `acceptEncoding` (compress-answer.ts). Pages are small; nothing is streamed.
 */
export function secureNodeResponse(
  out: NodeResponse,
  config: Pick<Config, 'publicUrl'>,
  acceptEncoding?: string,
): void {
  for (const [k, v] of Object.entries(baseSecurityHeaders(config))) out.setHeader(k, v);
  const writeHead = out.writeHead.bind(out);
  const end = out.end.bind(out);
  const chunks: Buffer[] = [];
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding)
        : Buffer.from(chunk as Uint8Array);
  let ended = false;
  out.writeHead = (...args: unknown[]) => {
    if (ended) return out;
    // Keep the status and headers; they go out with the body at the end.
    const [status, maybeMessage, maybeHeaders] = args;
    out.statusCode = status as number;
    const headers = (typeof maybeMessage === 'string' ? maybeHeaders : maybeMessage) as
      | Record<string, string | number | string[]>
      | [string, string][]
      | undefined;
    if (Array.isArray(headers)) for (const [k, v] of headers) out.setHeader(k, v);
    else if (headers) for (const [k, v] of Object.entries(headers)) out.setHeader(k, v);
    return out;
  };
  out.write = (chunk: unknown, encoding?: unknown, cb?: unknown) => {
    chunks.push(toBuffer(chunk, encoding));
    const callback = typeof encoding === 'function' ? encoding : cb;
    if (typeof callback === 'function') queueMicrotask(() => (callback as () => void)());
    return true;
  };
  out.end = (chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    // Only the first end counts: the body may still be compressing when a second one comes
    // (for HEAD, @hono/node-server ends the response again after the handler).
    if (ended) return out;
    ended = true;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
      chunks.push(toBuffer(chunk, encoding));
    }
    const plain = Buffer.concat(chunks);
    if (!out.hasHeader('Content-Security-Policy')) {
      const csp = isHtml(String(out.getHeader('content-type') ?? ''))
        ? pageCsp(plain.toString('utf8'))
        : NON_HTML_CSP;
      out.setHeader('Content-Security-Policy', csp);
    }
    const callback = [chunk, encoding, cb].find((a) => typeof a === 'function') as
      | (() => void)
      | undefined;
    const send = (body: Buffer) => {
      out.setHeader('Content-Length', body.byteLength);
      writeHead(out.statusCode);
      end(body, callback);
    };
    // Compressed last, from the plain text the policy was made of (compress-answer.ts).
    const headers = { get: (name: string) => headerText(out.getHeader(name)) };
    if (plain.byteLength < COMPRESS_MIN_BYTES || !mayCompress(out.statusCode, headers)) {
      send(plain);
      return out;
    }
    out.setHeader('Vary', varyAcceptEncoding(headers.get('vary')));
    const coding = chooseEncoding(acceptEncoding);
    if (!coding) {
      send(plain);
      return out;
    }
    compressBody(plain, coding).then(
      (body) => {
        out.setHeader('Content-Encoding', coding);
        send(body);
      },
      () => send(plain),
    );
    return out;
  };
}

const headerText = (value: unknown): string | null =>
  value === undefined || value === null
    ? null
    : Array.isArray(value)
      ? value.join(', ')
      : String(value);
