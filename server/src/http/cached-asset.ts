import type { Context } from 'hono';
import { type AnswerEncoding, chooseEncoding, compressBody } from './compress-answer.ts';

/**
 * A large file of a package served as it is, read once and compressed once per encoding on
 * first use (zlib's thread pool, not the event loop), so repeated requests cost a lookup. For
 * the API reference's script (4 MB plain, ≈ 0.9 MB gzip), which `compressAnswers` leaves alone
 * like every file.
 */
export function cachedAsset(load: () => Promise<Uint8Array>, contentType: string) {
  let plain: Promise<Uint8Array> | undefined;
  const encoded = new Map<AnswerEncoding, Promise<Uint8Array>>();
  const bytes = () => {
    plain ??= load();
    return plain;
  };
  const encodedBytes = (encoding: AnswerEncoding) => {
    let body = encoded.get(encoding);
    if (!body) {
      body = bytes().then((b) => compressBody(b, encoding));
      encoded.set(encoding, body);
    }
    return body;
  };
  return async (c: Context) => {
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    const body = encoding ? await encodedBytes(encoding) : await bytes();
    const headers: Record<string, string> = {
      'Content-Type': contentType,
      'Cache-Control': 'public, max-age=86400',
      Vary: 'Accept-Encoding',
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  };
}
