/**
 * Console bundle bench: the JavaScript a browser downloads before the console shows its first
 * page (/business → /business/dashboard, in English): the entry and its static imports, the
 * landing page, and the texts of the language the console starts in — what `index.html`
 * preloads plus what the start-up code imports at once (read from Vite's manifest). Each file
 * counts as the server sends it: its Brotli copy when `pnpm build` made one, else gzipped (-9).
 *
 *   pnpm build && pnpm --filter @signet/admin bench
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { report } from '../../server/bench/report.ts';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const KB = 1024;
/** The budget of the console's first load, gzipped. */
export const CONSOLE_INITIAL_BUDGET_KB = 300;

/** What the console imports before its first paint besides its entry (see main.tsx). */
const STARTUP_MODULES = [
  'src/pages/DashboardPage.tsx',
  '../locales/en-gb/admin.json',
  '../locales/en-gb/errors.json',
];

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

if (!existsSync(join(DIST, '.vite', 'manifest.json'))) {
  console.log('admin/dist is missing: run `pnpm build` first');
  report('console', [
    {
      name: 'console: first-load JavaScript, gzipped',
      budget: `≤ ${CONSOLE_INITIAL_BUDGET_KB} KB`,
      value: 'skipped: console not built',
      ok: true,
    },
  ]);
  process.exit(0);
}

const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

/** A chunk and everything it imports statically, as file names. */
function closure(key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the console's manifest`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
}

const files = new Set<string>();
const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
if (!entry) throw new Error('the manifest names no entry');
closure(entry, files);
const entryOnly = new Set(files);
for (const key of STARTUP_MODULES) closure(key, files);

/** A file as the server sends it: its Brotli copy when the build made one, else gzipped. */
const gz = (file: string) => {
  const br = join(DIST, `${file}.br`);
  if (existsSync(br)) return statSync(br).size;
  return gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
};
const sum = (set: Set<string>) => [...set].reduce((total, file) => total + gz(file), 0);
const total = sum(files);

console.log('console first load on the wire (Brotli copy, else gzip -9, per file):');
for (const file of [...files].sort())
  console.log(`  ${(gz(file) / KB).toFixed(1).padStart(7)} KB  ${file}`);
report(
  'console',
  [
    {
      name: 'console: first-load JavaScript on the wire',
      budget: `≤ ${CONSOLE_INITIAL_BUDGET_KB} KB`,
      value: `${(total / KB).toFixed(1)} KB`,
      ok: total <= CONSOLE_INITIAL_BUDGET_KB * KB,
    },
  ],
  { files: [...files].sort(), entryKb: sum(entryOnly) / KB, totalKb: total / KB },
);
