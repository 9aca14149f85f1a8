/**
 * Bundle-size bench: after `pnpm build`, renders every page of the built site, follows each
 * page's JavaScript graph (script src, modulepreload, island component/renderer URLs, their
 * static imports) and prints the JavaScript each page ships on the wire, inline scripts
 * separately: a file counts with its Brotli copy when the build made one (what the server sends
 * a browser, server/src/http/precompress.ts), else gzipped (-9). Budgets: every page ≤ 90 KB,
 * /login ≤ 85 KB; /bye and /sorry ship none at all. The rows go to the bench runner's summary
 * (bench-results/bundle.json); BENCH_STRICT=1 exits 1 on a missed one.
 *
 *   pnpm build && pnpm --filter @signet/site bench
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BudgetRow, report } from '../../server/bench/report.ts';
import { DIST, startSiteServer, staticFile } from './serve-dist.ts';

const PAGES_DIR = fileURLToPath(new URL('../src/pages/', import.meta.url));
const KB = 1024;
/** Budget of every page in bytes of all JavaScript on the wire (external + inline). */
const PAGE_BUDGET = 90 * KB;
/** Pages with a budget of their own. */
const BUDGETS: Record<string, number> = {
  '/login': 85 * KB,
  '/bye': 0,
  '/sorry': 0,
};

function gz(text: string | Buffer): number {
  return gzipSync(text, { level: 9 }).length;
}

/** Routes from src/pages (parameter routes get a sample value). */
function routes(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(astro|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        let route = `/${relative(PAGES_DIR, full).replace(/\.(astro|ts)$/, '')}`;
        route = route.replace(/\/index$/, '') || '/';
        if (route === '/500') continue;
        route = route.replace(/\[\.\.\.[^\]]+\]/g, 'sample').replace(/\[[^\]]+\]/g, 'sample');
        out.push(route);
      }
    }
  };
  walk(PAGES_DIR);
  return out.sort();
}

/** Static import specifiers of an ES module (`import x from "./a.js"`, `import "./b.js"`, `export * from`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) if (m[1]) found.add(m[1]);
  return [...found];
}

function resolve(spec: string, fromUrl: string): string | null {
  if (!spec.startsWith('.') && !spec.startsWith('/')) return null;
  return new URL(spec, `http://x${fromUrl}`).pathname;
}

type PageReport = {
  route: string;
  status: number;
  files: string[];
  externalGz: number;
  inlineGz: number;
};

function analyse(route: string, status: number, html: string): PageReport {
  const entries = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/g))
    if (m[1]) entries.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*rel=["']modulepreload["'][^>]*>/g)) {
    const href = /href=["']([^"']+)["']/.exec(m[0])?.[1];
    if (href) entries.add(href);
  }
  for (const m of html.matchAll(
    /\b(?:component-url|renderer-url|before-hydration-url)=["']([^"']+)["']/g,
  )) {
    if (m[1]) entries.add(m[1]);
  }
  let inline = '';
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/\bsrc=/.test(attrs) || /type=["']application\/(ld\+)?json["']/.test(attrs)) continue;
    inline += m[2] ?? '';
    for (const spec of staticImports(m[2] ?? '')) {
      const url = resolve(spec, route);
      if (url) entries.add(url);
    }
  }
  const seen = new Set<string>();
  const queue = [...entries].map((u) => new URL(u, 'http://x').pathname);
  let externalGz = 0;
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const file = staticFile(url);
    if (!file) throw new Error(`${route}: ${url} is referenced but not in dist/client`);
    const code = readFileSync(file);
    externalGz += existsSync(`${file}.br`) ? statSync(`${file}.br`).size : gz(code);
    for (const spec of staticImports(code.toString('utf8'))) {
      const next = resolve(spec, url);
      if (next && !seen.has(next)) queue.push(next);
    }
  }
  return { route, status, files: [...seen], externalGz, inlineGz: inline.trim() ? gz(inline) : 0 };
}

const fmt = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

const server = await startSiteServer(0);
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const reports: PageReport[] = [];
try {
  for (const route of routes()) {
    const res = await fetch(`http://127.0.0.1:${port}${route}`, { redirect: 'follow' });
    const html = await res.text();
    reports.push(analyse(route, res.status, html));
  }
} finally {
  server.close();
}

console.log(
  `JavaScript shipped per page (Brotli copy, else gzip -9, per file) — ${relative(process.cwd(), DIST) || DIST}`,
);
console.log(
  `${'page'.padEnd(32)} ${'status'.padStart(6)} ${'files'.padStart(5)} ${'external'.padStart(10)} ${'inline'.padStart(9)} ${'total'.padStart(9)}`,
);
for (const r of reports) {
  const total = r.externalGz + r.inlineGz;
  console.log(
    `${r.route.padEnd(32)} ${String(r.status).padStart(6)} ${String(r.files.length).padStart(5)} ${fmt(r.externalGz).padStart(10)} ${fmt(r.inlineGz).padStart(9)} ${fmt(total).padStart(9)}`,
  );
}
const budgets = new Map<string, number>(reports.map((r) => [r.route, PAGE_BUDGET]));
for (const [route, limit] of Object.entries(BUDGETS)) budgets.set(route, limit);
const rows: BudgetRow[] = [...budgets].map(([route, limit]) => {
  const page = reports.find((r) => r.route === route);
  const total = page ? page.externalGz + page.inlineGz : Number.NaN;
  return {
    name: `bundle: ${route} JavaScript on the wire`,
    budget: limit === 0 ? 'none' : `≤ ${fmt(limit)}`,
    value: page ? fmt(total) : 'page missing',
    ok: page !== undefined && total <= limit,
  };
});
report('bundle', rows, { pages: reports.map(({ files: _files, ...r }) => r) });
