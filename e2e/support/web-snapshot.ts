/**
 * A private copy of the built site and console for one e2e run. The server loads Astro's page
 * chunks lazily and serves hashed assets, so a `pnpm build` during a run (another developer,
 * a watcher) would otherwise break the pages under test half-way. The copy is checked for
 * completeness, since it may be taken while a build is writing.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.\.?\/[^"']+?\.mjs)["']/g;
const ASTRO_ASSET = /\/_astro\/[\w.-]+\.(?:js|css|mjs|woff2?|svg|png)/g;
const ADMIN_ASSET = /\/business\/(assets\/[\w.-]+)/g;

function files(dir: string, ending: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ending))
    .map((name) => join(dir, name));
}

/** What the copy lacks: chunks imported by the server, assets named by pages or the console. */
function missingParts(site: string, admin: string): string[] {
  const missing: string[] = [];
  const entry = join(site, 'server', 'entry.mjs');
  if (!existsSync(entry)) return [entry];
  for (const file of files(join(site, 'server'), '.mjs')) {
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(RELATIVE_IMPORT)) {
      const target = resolve(dirname(file), spec as string);
      if (!existsSync(target)) missing.push(target);
    }
    for (const [asset] of source.matchAll(ASTRO_ASSET)) {
      if (!existsSync(join(site, 'client', asset))) missing.push(asset);
    }
  }
  const index = join(admin, 'index.html');
  if (!existsSync(index)) return [...missing, index];
  for (const [, asset] of readFileSync(index, 'utf8').matchAll(ADMIN_ASSET)) {
    if (!existsSync(join(admin, asset as string))) missing.push(asset as string);
  }
  return missing;
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Copies `<root>/site/dist` and `<root>/admin/dist` into `dest` (as `site/` and `admin/`) and
 * returns their paths. Retries while a build is evidently being written; throws when no complete
 * build appears.
 */
export function snapshotWeb(root: string, dest: string): { siteDir: string; adminDir: string } {
  const siteDir = join(dest, 'site');
  const adminDir = join(dest, 'admin');
  let missing: string[] = [];
  for (let attempt = 0; attempt < 30; attempt++) {
    if (attempt > 0) pause(1000);
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(adminDir, { recursive: true, force: true });
    try {
      cpSync(join(root, 'site', 'dist'), siteDir, { recursive: true });
      cpSync(join(root, 'admin', 'dist'), adminDir, { recursive: true });
    } catch (error) {
      missing = [String(error)];
      continue;
    }
    missing = missingParts(siteDir, adminDir);
    if (missing.length === 0) {
      // The server bundle imports the site's dependencies (react, nanostores, ...) by name.
      symlinkSync(join(root, 'site', 'node_modules'), join(siteDir, 'node_modules'), 'dir');
      return { siteDir, adminDir };
    }
  }
  throw new Error(
    `No complete build of site and admin (missing ${missing.slice(0, 3).join(', ')}). Run "pnpm build".`,
  );
}
