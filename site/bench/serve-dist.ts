/**
 * A minimal server for the built site alone (no API): static files of dist/client, then the
 * Astro middleware handler of dist/server. Used by the bundle-size bench and `pnpm preview`;
 * the real process is server/src/main.ts.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

type Handler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The file under dist/client a request path names, if any (index.html for directories). */
export function staticFile(pathname: string): string | null {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const base = join(DIST, 'client', clean);
  if (!base.startsWith(join(DIST, 'client'))) return null;
  for (const candidate of [base, join(base, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export async function startSiteServer(port: number): Promise<Server> {
  const entry = join(DIST, 'server', 'entry.mjs');
  if (!existsSync(entry))
    throw new Error('dist/server/entry.mjs missing: run `pnpm --filter @signet/site build` first');
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: Handler };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = staticFile(url.pathname);
    if (file) {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'NO_API', message: 'This preview serves the site only.' }));
      return;
    }
    handler(req, res, (err) => {
      res.statusCode = err ? 500 : 404;
      res.end(err ? 'error' : 'not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
