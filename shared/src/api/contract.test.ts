/// <reference types="node" />
/**
 * The contract between shared and the two browser apps, checked on the source:
 * - every endpoint is declared once (endpoints.ts) and the route table spreads exactly those;
 * - every `Z…Schema` has its `T…` type beside it;
 * - what the site and the console import from shared carries no zod at run time;
 * - no API path is typed in the site or the console: they call through the typed view.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { api } from './api.ts';
import * as ENDPOINTS from './endpoints.ts';
import { routes } from './routes.ts';

const sharedSrc = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(sharedSrc, '..', '..');

function files(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...files(full, pattern));
    else if (pattern.test(name)) out.push(full);
  }
  return out;
}

/** Specifiers a module imports or re-exports at run time (type-only imports left out). */
function runtimeImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s*)?['"]([^'"]+)['"]/g;
  for (const m of code.matchAll(re)) {
    const [, , typeOnly, clause = '', spec = ''] = m;
    if (typeOnly) continue;
    // `import { type A, type B } from` carries nothing at run time.
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (names?.split(',').every((n) => /^\s*(type\s+\S+)?\s*$/.test(n))) continue;
    out.push(spec);
  }
  return out;
}

describe('the route table and the endpoints', () => {
  it('declare the same endpoints, with the same method, path and auth', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(ENDPOINTS).sort());
    const endpoints = new Map(Object.entries(ENDPOINTS));
    for (const [name, route] of Object.entries(routes)) {
      const endpoint = endpoints.get(name);
      expect({ method: route.method, path: route.path, auth: route.auth }, name).toEqual(endpoint);
    }
    expect(api).toBe(ENDPOINTS);
  });

  it('have unique method + path pairs', () => {
    const keys = Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('schemas', () => {
  it('have a T… type for every Z…Schema', () => {
    const missing: string[] = [];
    for (const file of files(sharedSrc, /\.ts$/)) {
      if (file.endsWith('.test.ts')) continue;
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/export const Z(\w+)Schema\b/g)) {
        if (!new RegExp(`export type (?:T${m[1]}\\b|\\{[^}]*\\bT${m[1]}\\b)`).test(code)) {
          missing.push(`${relative(sharedSrc, file)}: T${m[1]}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the browsers', () => {
  const appFiles = ['site/src', 'admin/src'].flatMap((dir) =>
    files(join(repo, dir), /\.(ts|tsx|astro)$/).filter((f) => !/\.test\.tsx?$/.test(f)),
  );

  it('import shared by module path, never the index (which carries zod)', () => {
    const offenders = appFiles.filter((f) =>
      /from ['"]@signet\/shared['"]/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders.map((f) => relative(repo, f))).toEqual([]);
  });

  it('take nothing from shared that imports zod at run time', () => {
    const seen = new Map<string, string[]>();
    const leaks: string[] = [];
    const visit = (file: string, chain: string[]) => {
      if (seen.has(file)) return;
      seen.set(file, chain);
      for (const spec of runtimeImports(readFileSync(file, 'utf8'))) {
        if (spec === 'zod' || spec.startsWith('zod/')) {
          leaks.push([...chain, relative(sharedSrc, file)].join(' → '));
        }
        if (spec.startsWith('.'))
          visit(resolve(dirname(file), spec), [...chain, relative(sharedSrc, file)]);
      }
    };
    for (const f of appFiles) {
      for (const spec of runtimeImports(readFileSync(f, 'utf8'))) {
        const m = /^@signet\/shared\/(.+)$/.exec(spec);
        if (m) visit(join(sharedSrc, `${m[1]}.ts`), [relative(repo, f)]);
      }
    }
    expect(leaks, 'zod reaches a browser').toEqual([]);
    expect(seen.size).toBeGreaterThan(3);
  });

  it('type no API path: every call goes through the typed view', () => {
    const offenders: string[] = [];
    for (const f of appFiles) {
      const lines = readFileSync(f, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/['"`](?:\/api)?\/v[123]\//.test(line)) offenders.push(`${relative(repo, f)}:${i + 1}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
