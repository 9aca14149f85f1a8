#!/usr/bin/env node
// The two commands of the README: `npm start` and `npm test`.
// Runs on any Node ≥ 18 with npm: it provisions Node 24 and pnpm 10 from the npm
// registry into .tools/ when the machine lacks them, installs from the lockfile,
// builds, and then serves or tests. Plain JavaScript on purpose: it must run
// before the project's own toolchain exists.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_VERSION = '24.21.0';
const PNPM_VERSION = '10.34.9';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolsBin = join(root, '.tools', 'node_modules', '.bin');
const command = process.argv[2];

const say = (msg) => console.log(`\x1b[36m[signet]\x1b[0m ${msg}`);
const fail = (msg) => {
  console.error(`\x1b[31m[signet]\x1b[0m ${msg}`);
  process.exit(1);
};

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: root,
    env: opts.env ?? toolEnv(),
    ...opts,
  });
  if (r.error) fail(`${cmd} ${args.join(' ')}: ${r.error.message}`);
  return r.status ?? 1;
}

function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) fail(`${cmd} ${args.join(' ')} exited with ${status}`);
}

function output(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env });
  return r.status === 0 ? r.stdout.trim() : '';
}

const has = (cmd) => output('sh', ['-c', `command -v ${cmd}`]) !== '';

function toolEnv() {
  return {
    ...process.env,
    PATH: `${toolsBin}:${join(root, 'node_modules', '.bin')}:${process.env.PATH}`,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

function nodeOk(version) {
  const [maj, min] = version.replace(/^v/, '').split('.').map(Number);
  return maj > 24 || (maj === 24 && min >= 7);
}

/** Node ≥ 24.7 (argon2 in node:crypto, type stripping) and pnpm 10, from .tools when missing. */
function ensureToolchain() {
  const env = toolEnv();
  const node = output('node', ['--version'], env);
  const pnpm = output('pnpm', ['--version'], env);
  if (nodeOk(node) && pnpm.startsWith('10.')) return;
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!arch)
    fail(
      `no Node ${NODE_VERSION} package for CPU ${process.arch}; install Node ≥ 24.7 and pnpm 10 yourself`,
    );
  const pkg = `node-${process.platform}-${arch}@${NODE_VERSION}`;
  say(
    `provisioning Node ${NODE_VERSION} and pnpm ${PNPM_VERSION} from the npm registry into .tools/`,
  );
  must(
    'npm',
    [
      'install',
      '--prefix',
      '.tools',
      '--no-save',
      '--no-audit',
      '--no-fund',
      pkg,
      `pnpm@${PNPM_VERSION}`,
    ],
    { env: process.env },
  );
  if (!nodeOk(output('node', ['--version'], toolEnv())))
    fail('Node 24 from .tools does not run on this machine');
}

function install() {
  say('installing dependencies from the lockfile');
  must('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only']);
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * Runs `work` holding this checkout's build lock: two `npm start` (or a start and a test) from
 * one checkout install and build one after the other instead of writing the same node_modules
 * and dist folders at once. A lock left by a process that is gone is taken over.
 */
function withBuildLock(work) {
  const id = createHash('sha256').update(root).digest('hex').slice(0, 16);
  const lock = join(tmpdir(), `signet-build-${id}.lock`);
  const deadline = Date.now() + 15 * 60_000;
  let said = false;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const owner = Number(readFileSync(lock, 'utf8')) || 0;
      if (owner && !alive(owner)) {
        rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) fail(`the build lock ${lock} is held by process ${owner}`);
      if (!said)
        say(`waiting for another start in this checkout to finish building (process ${owner})`);
      said = true;
      sleep(500);
    }
  }
  const release = () => rmSync(lock, { force: true });
  process.once('exit', release);
  try {
    return work();
  } finally {
    release();
  }
}

const BUILD_INPUTS = ['site', 'admin', 'shared', 'locales'];
const BUILD_FILES = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.base.json'];
const SKIP = new Set(['node_modules', 'dist', '.astro', 'test-results', 'bench-results']);

/** A hash of everything the site and console builds read (file names and contents). */
function buildInputsHash() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      if (SKIP.has(entry.name) || entry.name.startsWith('dist.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) hash.update(`${path}\0`).update(readFileSync(path));
    }
  };
  for (const dir of BUILD_INPUTS) walk(join(root, dir));
  for (const file of BUILD_FILES) hash.update(`${file}\0`).update(readFileSync(join(root, file)));
  return hash.digest('hex');
}

const STAMP = join(root, 'node_modules', '.signet-build');

/**
 * Builds one front end into a fresh folder beside `dist`, writes the Brotli and gzip copies of
 * its text assets (server/src/http/precompress.ts, in `served`, the part the server sends as
 * files) and swaps it in by renaming, so a server already running from `dist` never sees it half
 * written or empty.
 */
function buildInto(pkg, args, served = '') {
  const dist = join(root, pkg, 'dist');
  const fresh = join(root, pkg, `dist.building-${process.pid}`);
  const old = join(root, pkg, `dist.old-${process.pid}`);
  rmSync(fresh, { recursive: true, force: true });
  let status = run('pnpm', ['--filter', `@signet/${pkg}`, 'exec', ...args, fresh]);
  if (status === 0) {
    status = run('node', [
      join(root, 'server', 'src', 'http', 'precompress.ts'),
      join(fresh, served),
    ]);
  }
  if (status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    fail(`building ${pkg} failed (exit ${status})`);
  }
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(fresh, dist);
  rmSync(old, { recursive: true, force: true });
}

/** Builds the site and the console unless their inputs are unchanged since the last build. */
function build() {
  const inputs = buildInputsHash();
  const built =
    existsSync(join(root, 'site', 'dist', 'server', 'entry.mjs')) &&
    existsSync(join(root, 'admin', 'dist', 'index.html')) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8') === inputs;
  if (built) {
    say('site and console are built from the current sources');
    return;
  }
  say('building site and console');
  buildInto('site', ['astro', 'build', '--outDir'], 'client');
  buildInto('admin', ['vite', 'build', '--emptyOutDir', '--outDir']);
  writeFileSync(STAMP, inputs);
}

/** Install and build under the checkout's lock. */
function prepare() {
  withBuildLock(() => {
    install();
    build();
  });
}

/** System tools the test suites need; installed with apt-get when we are root, else named. */
function ensureSystemTools() {
  const pgBin = findPgBin();
  const missing = [];
  if (!has('chromium')) missing.push('chromium');
  if (!has('pdfsig')) missing.push('poppler-utils');
  if (!has('qpdf')) missing.push('qpdf');
  if (!has('openssl')) missing.push('openssl');
  if (!has('mutool')) missing.push('mupdf-tools');
  if (!has('zbarimg')) missing.push('zbar-tools');
  // PDFs as the world makes them, for the tests on real producers (server/src/pdf/world-pdfs.ts).
  if (!has('pdflatex')) {
    missing.push('texlive-latex-base', 'texlive-latex-recommended', 'texlive-fonts-recommended');
  }
  if (!has('soffice')) missing.push('libreoffice-writer-nogui', 'fonts-dejavu-core');
  if (!has('img2pdf')) missing.push('img2pdf');
  if (!pgBin) missing.push('postgresql');
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && has('apt-get')) {
    say(`installing system packages the tests need: ${missing.join(' ')} (apt-get)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    if (
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env }) === 0
    )
      return;
  }
  console.error(
    `\x1b[33m[signet]\x1b[0m missing system packages: ${missing.join(' ')}. Install them (Debian/Ubuntu: sudo apt-get install ${missing.join(' ')}); the suites that need them fail until then.`,
  );
}

function findPgBin() {
  const r = output('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1']);
  if (r && existsSync(join(r, 'initdb'))) return r;
  const initdb = output('sh', ['-c', 'command -v initdb']);
  return initdb ? dirname(initdb) : null;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** A throwaway PostgreSQL cluster on a free loopback port; initdb refuses root, so run it as postgres. */
async function startPostgres() {
  const bin = findPgBin();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'signet-pg-'));
  chmodSync(dir, 0o700);
  const asRoot = process.getuid?.() === 0;
  // runuser lives in sbin, which a minimal PATH may lack.
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find(existsSync);
  if (asRoot && !runuser) return null;
  const wrap = (exe, args) =>
    asRoot ? [runuser, ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  if (asRoot) {
    const uid = Number(output('id', ['-u', 'postgres']));
    const gid = Number(output('id', ['-g', 'postgres']));
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const [c1, a1] = wrap(join(bin, 'initdb'), [
    '-D',
    join(dir, 'data'),
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  if (run(c1, a1, { stdio: 'ignore' }) !== 0) return null;
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const [c2, a2] = wrap(join(bin, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-o',
    opts,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
  if (run(c2, a2, { stdio: 'ignore' }) !== 0) return null;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const [c3, a3] = wrap(join(bin, 'pg_ctl'), [
        '-D',
        join(dir, 'data'),
        '-m',
        'immediate',
        '-w',
        'stop',
      ]);
      run(c3, a3, { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs vitest with a JSON report and returns { passed, failed } from it. */
function vitest(label, args, env) {
  const report = join(mkdtempSync(join(tmpdir(), 'signet-vitest-')), 'report.json');
  say(`test suite: ${label}`);
  const status = run(
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    { env },
  );
  return counts(label, status, report, (j) => ({
    passed: j.numPassedTests ?? 0,
    failed: j.numFailedTests ?? 0,
  }));
}

function counts(label, status, report, pick) {
  let c = { passed: 0, failed: 0 };
  try {
    c = pick(JSON.parse(readFileSync(report, 'utf8')));
  } catch {
    // No report means the runner itself failed before testing anything.
  }
  if (status !== 0 && c.failed === 0) c.failed = 1;
  return { label, ...c, status };
}

async function playwright(env) {
  const report = join(mkdtempSync(join(tmpdir(), 'signet-pw-')), 'report.json');
  say('test suite: end to end (Playwright, Chromium)');
  const status = run(
    'pnpm',
    ['--filter', '@signet/e2e', 'exec', 'playwright', 'test', '--reporter=list,json'],
    {
      // A free port, so a server left running elsewhere (3900 is the default) cannot collide.
      env: {
        ...env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        E2E_PORT: String(env.E2E_PORT ?? (await freePort())),
      },
    },
  );
  return counts('e2e', status, report, (j) => ({
    passed: j.stats?.expected ?? 0,
    failed: (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0),
  }));
}

async function test() {
  ensureSystemTools();
  withBuildLock(build);
  const env = toolEnv();
  const results = [];
  say('type-check and lint');
  results.push({ label: 'check', passed: 0, failed: run('pnpm', ['run', 'check']) === 0 ? 0 : 1 });
  results.push(vitest('unit and routes (PGlite)', [], env));

  const pg = await startPostgres();
  if (pg) {
    try {
      results.push(
        vitest('routes (PostgreSQL)', ['--project', 'server'], {
          ...env,
          TEST_DATABASE_URL: pg.url,
        }),
      );
    } finally {
      pg.stop();
    }
  } else {
    console.error(
      '\x1b[31m[signet] !!! PostgreSQL could not be started (no server binaries, or initdb/pg_ctl failed): the route suite did NOT run against PostgreSQL !!!\x1b[0m',
    );
    if (process.env.CI) results.push({ label: 'routes (PostgreSQL)', passed: 0, failed: 1 });
  }
  results.push(await playwright(env));

  let passed = 0;
  let failed = 0;
  for (const r of results) {
    passed += r.passed;
    failed += r.failed;
    say(`${r.label}: ${r.passed} passed, ${r.failed} failed`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

function start() {
  say(`starting Signet on http://localhost:${process.env.PORT ?? '3000'}`);
  const child = spawn('node', ['server/src/main.ts'], {
    cwd: root,
    env: toolEnv(),
    stdio: 'inherit',
  });
  const forward = (sig) => () => child.kill(sig);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('exit', (code) => process.exit(code ?? 0));
}

ensureToolchain();
if (command === 'start') {
  prepare();
  start();
} else if (command === 'test') {
  withBuildLock(install);
  await test();
} else {
  fail('usage: node scripts/run.mjs start|test');
}
