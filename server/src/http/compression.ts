/**
 * Compression of the server's answers, in one place for all of them: the API's JSON, the pages
 * Astro renders (it writes to Node's response itself, past Hono) and the console's index. Answers
 * from 1 KB on are sent with Brotli (quality 4: fast enough per request) or gzip, as the client
 * accepts, with `Vary: Accept-Encoding`; smaller ones, types that do not compress (PDF, PNG, ZIP)
 * and files sent as their precompressed copy (precompress.ts, `Content-Encoding` already set)
 * go as they are. zlib works on libuv's thread pool, not on the event loop.
 */
import type { IncomingMessage, RequestListener, ServerOptions, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';

/** Answers below this many bytes are not worth compressing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const compress = compression({
  threshold: COMPRESS_THRESHOLD_BYTES,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
});

/** `listener` with its answers compressed. */
export function compressing(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    compress(req as never, res as never, () => listener(req, res));
  };
}

/**
 * `http.createServer` whose answers are compressed: what `createAdaptorServer` is given as its
 * `createServer`.
 */
export function createCompressingServer(
  options: ServerOptions,
  listener?: RequestListener,
): ReturnType<typeof createServer> {
  return createServer(options, listener ? compressing(listener) : undefined);
}
