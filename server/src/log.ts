import pino from 'pino';
import type { Config } from './config.ts';

/** The structured logger (pino). */
export type Logger = pino.Logger;

/**
 * Creates the process logger: JSON lines on stdout through an asynchronous buffered
 * destination, so logging every request stays cheap. Call `flushLog` before exit.
 */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  if (config.logLevel === 'silent') return pino({ level: 'silent' });
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  return pino({ level: config.logLevel, base: { pid: process.pid } }, destination);
}

/** Writes out what the logger buffered. */
export function flushLog(log: Logger): void {
  try {
    log.flush();
  } catch {
    // A destination that is not ready yet has nothing to flush.
  }
}
