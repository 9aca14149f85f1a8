import type { Database, Db } from './client.ts';

/**
 * A `Db` usable before the database is open: every use is forwarded to the real one once
 * `opening` resolved, and throws before that. The server starts listening while the database
 * opens; routes wait for `ready` (see registerRoute), so only routes that need no database
 * (the time, the OpenAPI document) answer earlier.
 */
export function lazyDatabase(opening: Promise<Database>): { db: Db; ready: Promise<Database> } {
  let real: Db | undefined;
  const ready = opening.then((d) => {
    real = d.db;
    return d;
  });
  const db = new Proxy({} as Db, {
    get(_target, prop) {
      if (!real) throw new Error('the database is not open yet: await deps.ready first');
      const value = Reflect.get(real, prop, real) as unknown;
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
  return { db, ready };
}
