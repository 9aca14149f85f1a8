import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

/*
 * A new PGlite cluster costs about 2.5 s of initdb in WASM plus the migrations; loading a dump
 * of one costs a fraction of that. This keeps one dump of a freshly initialised cluster with
 * every migration applied — keyed by the PGlite version and the migration files — in memory
 * and in the system temp folder, and new databases (a new DATA_DIR, every test database) start
 * from it. The migrator still runs at open and finds nothing to do.
 */

let memo: Promise<Blob> | undefined;

function pgliteVersion(): string {
  // createRequire works both in Node and under vitest (where import.meta.resolve may not).
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  } catch {
    return 'unknown';
  }
  let dir = dirname(entry);
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    } catch {
      // Keep walking up.
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

/** A hash of the migration files: templates built from other migrations are not reused. */
export function migrationsHash(folder: string): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.sql') || entry.name === '_journal.json') {
        h.update(entry.name).update(readFileSync(p));
      }
    }
  };
  walk(folder);
  return h.digest('hex').slice(0, 16);
}

/** Where the dump is cached across processes (override with SIGNET_PGLITE_TEMPLATE_DIR). */
export function templateFile(migrationsFolder: string, inMemory = false): string {
  const dir = process.env.SIGNET_PGLITE_TEMPLATE_DIR ?? join(tmpdir(), 'signet-pglite-template');
  const kind = inMemory ? '-memory' : '';
  return join(dir, `pglite-${pgliteVersion()}-${migrationsHash(migrationsFolder)}${kind}.tar`);
}

type PGliteOptions = import('@electric-sql/pglite').PGliteOptions;

async function build(
  migrationsFolder: string,
  migrate: (client: import('@electric-sql/pglite').PGlite) => Promise<void>,
  options: PGliteOptions,
  inMemory: boolean,
): Promise<Blob> {
  const file = templateFile(migrationsFolder, inMemory);
  try {
    const bytes = readFileSync(file);
    if (bytes.byteLength > 1024) return new Blob([bytes]);
  } catch {
    // Not cached yet.
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let pg: import('@electric-sql/pglite').PGlite;
  if (inMemory) {
    // The in-memory databases (tests) never create databases: without template0 and template1
    // the dump has 600 files and 15 MB less to unpack at every open (≈ 40 % of an open).
    pg = new PGlite({
      ...options,
      loadDataDir: await build(migrationsFolder, migrate, options, false),
    });
    await pg.waitReady;
    await pg.exec(
      `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
    );
    // One statement each: DROP DATABASE cannot run in the transaction a multi-statement runs in.
    await pg.exec('DROP DATABASE template0');
    await pg.exec('DROP DATABASE template1');
  } else {
    pg = new PGlite(options);
    await pg.waitReady;
    await migrate(pg);
  }
  await pg.query('CHECKPOINT');
  const blob = await pg.dumpDataDir('none');
  await pg.close();
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, new Uint8Array(await blob.arrayBuffer()));
    renameSync(tmp, file);
    pruneOld(dirname(file), file);
  } catch {
    // A read-only temp folder only costs speed.
  }
  return blob;
}

/**
 * Removes templates of older migration sets (up to 40 MB each) once they are ten minutes old;
 * both kinds of the current set stay.
 */
function pruneOld(dir: string, keep: string) {
  const cutoff = Date.now() - 10 * 60_000;
  const current = basename(keep).replace(/(-memory)?\.tar$/, '');
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name.startsWith(current) || !/^pglite-.*\.tar(\..*\.tmp)?$/.test(name)) continue;
    try {
      if (statSync(p).mtimeMs < cutoff) rmSync(p, { force: true });
    } catch {
      // Another process may have removed it.
    }
  }
}

/**
 * The dump of a new cluster with all migrations applied (built once, then cached). `options`
 * are those of the real database (its extensions: the migrations create them). For in-memory
 * databases (tests, which open many) the dump has no template databases and stays in this
 * process's memory; a server opens its data directory once and lets the 40 MB go.
 */
export function pgliteTemplate(
  migrationsFolder: string,
  migrate: (client: import('@electric-sql/pglite').PGlite) => Promise<void>,
  options: PGliteOptions = {},
  inMemory = true,
): Promise<Blob> {
  if (!inMemory) return build(migrationsFolder, migrate, options, false);
  memo ??= build(migrationsFolder, migrate, options, true).catch((e: unknown) => {
    memo = undefined;
    throw e;
  });
  return memo;
}
