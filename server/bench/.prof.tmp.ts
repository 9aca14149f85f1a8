// temporary profiling helper (removed before reporting)
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
const [dataDir, token, path, profDir, dur] = process.argv.slice(2);
const PORT = 3710;
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, 'src/main.ts'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SIGNET_MODE: 'development', LOG_LEVEL: 'info', DATABASE_URL: '', SMTP_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (;;) {
  try { const r = await fetch(`http://127.0.0.1:${PORT}/api/v1/maintenance`); await r.arrayBuffer(); if (r.status === 200) break; } catch {}
  await new Promise((r) => setTimeout(r, 50));
}
const headers = { authorization: `Bearer ${token}` };
for (const p of path.split('|')) {
  const url = `http://127.0.0.1:${PORT}${p}`;
  await autocannon({ url, headers, connections: 20, duration: 2 });
  const r = await autocannon({ url, headers, connections: 20, duration: Number(dur ?? 5) });
  console.log(p, Math.round(r.requests.average), 'rps p50', r.latency.p50, 'p97.5', r.latency.p97_5, 'non2xx', r.non2xx);
}
const done = new Promise((r) => child.once('exit', r));
child.kill('SIGTERM');
await done;
