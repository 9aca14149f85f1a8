import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server mounts the build at /business (SPA fallback to index.html), so every asset URL
// and the router basename live under that prefix.
export default defineConfig({
  base: '/business/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // react-admin + MUI is most of the weight; separate vendor chunks stay cached across
    // releases of the console's own code.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
  server: { port: 3600, strictPort: true },
  preview: { port: 3601, strictPort: true },
});
