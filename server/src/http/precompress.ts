/**
 * Brotli and gzip copies of the built web files, made once at build time (`pnpm build` runs this
 * over site/dist/client and admin/dist) so the server sends text assets compressed without
 * compressing on every request: `serveStatic({ precompressed: true })` picks `file.br` or
 * `file.gz` by the request's Accept-Encoding and says `Vary: Accept-Encoding`.
 *
 *   node server/src/http/precompress.ts site/dist/client admin/dist
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Text files worth compressing (hashed JS and CSS, SVG, JSON, source maps). Not HTML: a page's
 * Content-Security-Policy is made from its plain text (security-headers.ts).
 */
export const PRECOMPRESSED_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.map',
  '.webmanifest',
]);
/** Smaller files gain nothing worth a second request path. */
export const PRECOMPRESS_MIN_BYTES = 1024;

export type PrecompressResult = { files: number; bytes: number; brotli: number; gzip: number };

/**
 * Writes `name.br` and `name.gz` beside every text file of `dir` (recursively) that is at least
 * {@link PRECOMPRESS_MIN_BYTES} long, each only when it is smaller than the file. Idempotent.
 */
export function precompressDir(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name);
    if (!PRECOMPRESSED_EXTENSIONS.has(extname(name)) || !statSync(path).isFile()) continue;
    const body = readFileSync(path);
    if (body.length < PRECOMPRESS_MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    result.files++;
    result.bytes += body.length;
    if (br.length < body.length) {
      writeFileSync(`${path}.br`, br);
      result.brotli += br.length;
    }
    if (gz.length < body.length) {
      writeFileSync(`${path}.gz`, gz);
      result.gzip += gz.length;
    }
  }
  return result;
}

if (import.meta.main) {
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  for (const dir of process.argv.slice(2)) {
    const r = precompressDir(dir);
    console.log(
      `precompressed ${r.files} files in ${dir}: ${kb(r.bytes)} → brotli ${kb(r.brotli)}, gzip ${kb(r.gzip)}`,
    );
  }
}
