/** `pnpm preview`: the built site alone on PORT (default 3401), without the API. */
import { startSiteServer } from './serve-dist.ts';

const port = Number(process.env.PORT ?? 3401);
await startSiteServer(port);
console.log(
  `site preview on http://127.0.0.1:${port} (no API; use server/src/main.ts for the real thing)`,
);
