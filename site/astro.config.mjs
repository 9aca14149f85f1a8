// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

const STORES_CHUNK =
  /node_modules\/nanostores\/|src\/stores\/(modals|snackbars)\.ts$|src\/lib\/storage\.ts$/;

/**
 * The site is served by the one Signet server process (server/src/main.ts), which mounts the
 * middleware handler from `dist/server/entry.mjs` and serves `dist/client` itself. Pages render
 * on demand unless they `export const prerender = true` (status pages without per-request data).
 */
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  devToolbar: { enabled: false },
  server: { port: 3401, host: '127.0.0.1' },
  // Prefetching would add a client script to every page, including the zero-JS ones.
  prefetch: false,
  build: {
    // Small shell CSS is inlined; the JSON dictionaries and guard data are inline anyway.
    inlineStylesheets: 'auto',
  },
  vite: {
    server: { fs: { allow: ['..'] } },
    build: {
      rollupOptions: {
        output: {
          // nanostores and the shell's small stores in one chunk: the direct signer's page uses
          // the dialog and snackbar stores without the session, and left to itself the bundler
          // splits them into four tiny chunks that every page then loads (+0.5 KB on /login).
          manualChunks(id) {
            if (STORES_CHUNK.test(id)) return 'stores';
          },
        },
      },
    },
  },
});
