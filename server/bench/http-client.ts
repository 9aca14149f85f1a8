/**
 * The benchmarks' HTTP client for timed JSON calls: a full HTTP/1.1 round trip over a real TCP
 * socket to the server (request written, parsed by Node's HTTP server, answer written, read to
 * its last byte and parsed as JSON), with one kept-alive connection as a browser would hold.
 *
 * `BENCH_CLIENT=http` (the default): node:http with a keep-alive agent. `BENCH_CLIENT=fetch`:
 * the global `fetch` (undici), as the benchmarks called it before issue 12. The bench runs the
 * client in the server's process, so its work is on the same event loop and inside the measured
 * time; undici's fetch costs about 1.5 ms of CPU more per call than node:http (WHATWG Request,
 * Headers and streams on both sides), which a real client pays on its own machine.
 */
import { Agent, request } from 'node:http';

export type JsonCall = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; body: unknown }>;

export const BENCH_CLIENT = process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'http';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** node:http over one kept-alive socket. */
export const httpJsonCall: JsonCall = (url, init) =>
  new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const req = request(
      url,
      {
        method: init.method,
        agent,
        headers: body
          ? { ...init.headers, 'Content-Length': String(body.byteLength) }
          : init.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** The global fetch (undici). */
export const fetchJsonCall: JsonCall = async (url, init) => {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json() };
};

/** The client `BENCH_CLIENT` chose. */
export const callJson: JsonCall = BENCH_CLIENT === 'fetch' ? fetchJsonCall : httpJsonCall;
