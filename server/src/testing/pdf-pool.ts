import { PdfPool } from '../pdf/pool/pool.ts';

let pool: PdfPool | undefined;

/**
 * One PDF worker pool per test process, shared by every test app in it: a worker started for
 * one test serves the next, instead of each app paying the start of its own. Idle workers do
 * not keep the process alive.
 */
export function testPdfPool(): PdfPool {
  pool ??= new PdfPool({ size: 2, memoryMb: 512, idleMs: 10_000 });
  return pool;
}
