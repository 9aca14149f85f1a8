import { PRODUCT_NAME, THEME_COLOURS } from '@signet/shared/ui/ui.constants';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** index.html takes the product's name and colour from the shared theme. */
const sharedTheme: Plugin = {
  name: 'signet-shared-theme',
  transformIndexHtml: (html) =>
    html
      .replaceAll('%THEME_PRIMARY%', THEME_COLOURS.primary)
      .replaceAll('%PRODUCT_NAME%', PRODUCT_NAME),
};

// The server mounts the build at /business (SPA fallback to index.html), so every asset URL
// and the router basename live under that prefix.
export default defineConfig({
  base: '/business/',
  plugins: [react(), sharedTheme],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Which chunks each source module needs: the console bench (bench/bundle-size.ts) reads it.
    manifest: true,
    // React stays in a chunk of its own (cached across releases of the console's code); the
    // rest is split by use, so a screen's libraries (forms, tables) load with the screen and the
    // first load stays small (budget in server/bench/budgets.ts).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: { port: 3600, strictPort: true },
  preview: { port: 3601, strictPort: true },
});
