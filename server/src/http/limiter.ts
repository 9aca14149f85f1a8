import { serverBusy } from '../errors.ts';

/**
 * At most `limit` holders at once; later callers wait their turn, in order. A caller that would
 * be past `maxWaiting`, or waits longer than `maxWaitMs`, gets 503 SERVER_BUSY with Retry-After
 * instead: under overload the server says so at once rather than piling up work.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: { grant: () => void; timer: NodeJS.Timeout }[] = [];
  readonly limit: number;
  private readonly maxWaiting: number;
  private readonly maxWaitMs: number;

  constructor(limit: number, options: { maxWaiting?: number; maxWaitMs?: number } = {}) {
    this.limit = Math.max(1, limit);
    this.maxWaiting = options.maxWaiting ?? 256;
    this.maxWaitMs = options.maxWaitMs ?? 30_000;
  }

  /** Runs `work` once a place is free. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  get pending(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(serverBusy());
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          this.active++;
          resolve();
        },
        timer: setTimeout(() => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(serverBusy());
        }, this.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.grant();
  }
}
