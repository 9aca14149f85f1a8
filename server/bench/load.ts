/**
 * One load run with autocannon for the HTTP benches: latencies of every response, their
 * percentiles, and the table row the benches print.
 */
import autocannon from 'autocannon';
import { percentile } from './report.ts';

export type LoadRun = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
};

/** The header of the table that `loadRow` fills. */
export const LOAD_TABLE_HEADER = [
  'scenario',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'non-2xx',
  'ok',
];

/** `connections` clients asking `url` for `duration` seconds; percentiles over every response. */
export async function runLoad(opts: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
}): Promise<LoadRun> {
  const latencies: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client, _status, _bytes, responseTime) =>
      latencies.push(responseTime),
    );
  });
  return {
    rps: r.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** A run's row under `LOAD_TABLE_HEADER`. */
export function loadRow(name: string, run: LoadRun, ok: boolean): string[] {
  return [
    name,
    String(Math.round(run.rps)),
    run.p50.toFixed(1),
    run.p95.toFixed(1),
    run.p99.toFixed(1),
    String(run.non2xx + run.errors),
    ok ? 'yes' : 'NO',
  ];
}
