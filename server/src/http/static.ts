import { existsSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Hono } from 'hono';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import { PRECOMPRESSED_EXTENSIONS } from './precompress.ts';
import { secureNodeResponse } from './security-headers.ts';
import type { AppEnv } from './types.ts';

export type WebOptions = {
  /** admin/dist (index.html + assets/), served at /business. */
  adminDir: string;
  /** site/dist (client/ with static files, server/entry.mjs with the Astro handler). */
  siteDir: string;
  log: Logger;
  /** For the security headers of the pages Astro writes itself. */
  config: Pick<Config, 'publicUrl'>;
};

type NodeHandler = (
  req: unknown,
  res: unknown,
  next?: (err?: unknown) => void,
  locals?: Record<string, unknown>,
) => Promise<void>;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Cache-Control for a served file, and `Vary: Accept-Encoding` on every file that has
 * precompressed copies (serveStatic sets it only when it sends one, so a shared cache could
 * otherwise keep the plain file for everyone).
 */
function fileHeaders(c: Context<AppEnv>, path: string, cache: string) {
  c.header('Cache-Control', cache);
  const plain = path.replace(/\.(br|gz)$/, '');
  if (PRECOMPRESSED_EXTENSIONS.has(extname(plain))) {
    c.header('Vary', 'Accept-Encoding');
  }
}
const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

const notBuilt = (c: Context<AppEnv>, what: string) =>
  c.text(`${what} is not built. Run "pnpm build" and restart the server.`, 503, {
    'Cache-Control': 'no-store',
  });

/**
 * Mounts the web front ends after the API on `app`:
 * - `/business/*`: files of the admin build; other paths fall back to its index.html (SPA);
 * - files are sent as their Brotli or gzip copy when the client takes it (precompress.ts makes
 *   them at build time);
 * - everything else: files of `site/dist/client` (`/_astro/*` cached as immutable), then the
 *   Astro Node handler from `site/dist/server/entry.mjs` (middleware mode; it renders its own
 *   404 page for unknown paths).
 * Missing builds are logged once at start; their paths answer 503 and the API keeps working.
 */
export function mountWeb(app: Hono<AppEnv>, options: WebOptions): { preload: () => Promise<void> } {
  const { adminDir, siteDir, log, config } = options;
  const adminIndex = join(adminDir, 'index.html');
  const clientDir = join(siteDir, 'client');
  const entry = join(siteDir, 'server', 'entry.mjs');
  const hasAdmin = isFile(adminIndex);
  const hasClient = existsSync(clientDir);
  const hasEntry = isFile(entry);
  if (!hasAdmin)
    log.warn(`admin build missing (${adminIndex}): /business answers 503 until "pnpm build"`);
  if (!hasClient || !hasEntry) {
    log.warn(
      `site build missing (${hasEntry ? clientDir : entry}): pages answer 503 until "pnpm build"`,
    );
  }

  // --- /business: the react-admin console ---
  app.get('/business', (c) => c.redirect('/business/', 301));
  if (hasAdmin) {
    app.use(
      '/business/*',
      serveStatic({
        root: adminDir,
        rewriteRequestPath: (p) => p.slice('/business'.length) || '/',
        precompressed: true,
        onFound: (path, c) =>
          fileHeaders(c, path, path.includes('/assets/') ? IMMUTABLE : 'no-cache'),
      }),
    );
    app.get(
      '/business/*',
      serveStatic({
        path: adminIndex,
        precompressed: true,
        onFound: (path, c) => fileHeaders(c, path, 'no-cache'),
      }),
    );
  } else {
    app.all('/business/*', (c) => notBuilt(c, 'The business console'));
  }

  // --- everything else: the Astro site ---
  if (hasClient) {
    app.use(
      '*',
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (path, c) =>
          fileHeaders(c, path, path.startsWith(join(clientDir, '_astro')) ? IMMUTABLE : 'no-cache'),
      }),
    );
  }

  let handler: Promise<NodeHandler | undefined> | undefined;
  const load = () => {
    handler ??= hasEntry
      ? import(pathToFileURL(entry).href).then(
          (m: { handler?: NodeHandler }) => {
            if (typeof m.handler !== 'function') {
              log.error(
                `${entry} exports no handler: configure @astrojs/node with mode 'middleware'`,
              );
              return undefined;
            }
            return m.handler;
          },
          (e: unknown) => {
            log.error({ err: e }, `could not load the site handler ${entry}`);
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    return handler;
  };

  app.all('*', async (c) => {
    const h = await load();
    const env = c.env as
      | { incoming?: unknown; outgoing?: Parameters<typeof secureNodeResponse>[0] }
      | undefined;
    if (!h || !env?.incoming || !env.outgoing) return notBuilt(c, 'The site');
    env.outgoing.setHeader('X-Request-Id', c.get('requestId'));
    secureNodeResponse(env.outgoing, config);
    // Without `next`, Astro renders its own 404 page for paths it does not know. Pages that
    // render with data (the direct signer's page) call the API in process through `api`: the
    // same routes, authorisation and validation, the caller's connection (IP) included.
    await h(env.incoming, env.outgoing, undefined, {
      api: (request: Request) => app.fetch(request, c.env),
    });
    return RESPONSE_ALREADY_SENT;
  });

  return { preload: async () => void (await load()) };
}
