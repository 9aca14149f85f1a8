/**
 * A resolve hook for vitest's test workers (loaded with `--import`, see vitest.workers.ts).
 *
 * Every file vitest leaves to Node (the dependencies in node_modules) is resolved by Node's
 * ESM loader, which looks up the file's package.json to pick its format and re-reads it on
 * every call — re-parsing the whole `exports` map each time. drizzle-orm's package.json is
 * 179 KB and it has a hundred files: importing it cost 1.2 s of CPU, in every test file, since
 * each file runs in a new worker. This hook answers what never changes during a test run:
 * - a relative or absolute import of a `.js`/`.mjs` file inside node_modules whose package says
 *   `"type": "module"` (or a `.mjs`, or a `.cjs`) is that file in that format — the package.json
 *   read once per folder;
 * - a bare import (`drizzle-orm/pg-core`) from a folder resolves the same every time — Node's
 *   answer is kept per (folder, specifier, conditions).
 * Anything else (our sources, packages without `"type": "module"`, whose format Node detects
 * from the syntax) goes to Node's resolver unchanged. A missing file also goes to Node, which
 * reports it as it always does.
 */
import { readFileSync, statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const moduleScope = new Map<string, boolean>();

/** Whether the nearest package.json above `dir` says `"type": "module"`. */
function isModuleScope(dir: string): boolean {
  const known = moduleScope.get(dir);
  if (known !== undefined) return known;
  let result: boolean;
  let pkg: { type?: unknown } | undefined;
  try {
    pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  } catch {
    pkg = undefined;
  }
  if (pkg) result = pkg.type === 'module';
  else {
    const up = dirname(dir);
    result = up !== dir && isModuleScope(up);
  }
  moduleScope.set(dir, result);
  return result;
}

function formatOf(path: string): 'module' | 'commonjs' | undefined {
  if (!path.includes('/node_modules/')) return undefined;
  let format: 'module' | 'commonjs' | undefined;
  if (path.endsWith('.mjs')) format = 'module';
  else if (path.endsWith('.cjs')) format = 'commonjs';
  else if (path.endsWith('.js') && isModuleScope(dirname(path))) format = 'module';
  if (!format) return undefined;
  try {
    return statSync(path).isFile() ? format : undefined;
  } catch {
    return undefined;
  }
}

type Resolved = { url: string; format?: string | null | undefined };
const bare = new Map<string, Resolved>();

registerHooks({
  resolve(specifier, context, next) {
    const parent = context.parentURL;
    if (parent?.startsWith('file:')) {
      let target: URL | undefined;
      if (
        specifier.startsWith('./') ||
        specifier.startsWith('../') ||
        specifier.startsWith('file:')
      ) {
        target = new URL(specifier, parent);
      } else if (specifier.startsWith('/')) {
        target = pathToFileURL(specifier);
      }
      if (target) {
        const format = target.search || target.hash ? undefined : formatOf(fileURLToPath(target));
        if (format) return { url: target.href, format, shortCircuit: true };
        return next(specifier, context);
      }
      if (
        !specifier.startsWith('node:') &&
        !specifier.startsWith('#') &&
        !specifier.includes(':')
      ) {
        const key = `${dirname(fileURLToPath(parent))}\0${specifier}\0${[...(context.conditions ?? [])].join(',')}`;
        const known = bare.get(key);
        if (known) return { ...known, shortCircuit: true };
        const resolved = next(specifier, context);
        if (resolved.url.startsWith('file:'))
          bare.set(key, { url: resolved.url, format: resolved.format });
        return resolved;
      }
    }
    return next(specifier, context);
  },
});
