import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** An answer as it came over the socket: bytes as sent (still encoded), headers as sent. */
export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * One HTTP/1.1 call over a socket with node:http rather than fetch, which would undo the
 * encoding and hide the headers as sent. `onFirstChunk` runs when the answer's first bytes came.
 */
export function rawHttp(options: {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  onFirstChunk?: () => void;
}): Promise<RawAnswer> {
  const { port, path, method = 'GET', headers = {}, body, onFirstChunk } = options;
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (chunks.length === 0) onFirstChunk?.();
        chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
