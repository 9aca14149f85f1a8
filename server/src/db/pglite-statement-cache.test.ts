import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installStatementCache, type StatementCache } from './pglite-statement-cache.ts';

/** Counts the frontend protocol messages PGlite is given, by type ('P' Parse, 'B' Bind…). */
function countMessages(client: PGlite): Map<string, number> {
  const counts = new Map<string, number>();
  const target = client as unknown as { execProtocolRawSync: (m: Uint8Array) => Uint8Array };
  const original = target.execProtocolRawSync.bind(client);
  target.execProtocolRawSync = (message: Uint8Array) => {
    const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
    for (let at = 0; at + 5 <= message.length && message[at] !== 0; ) {
      const type = String.fromCharCode(message[at] as number);
      counts.set(type, (counts.get(type) ?? 0) + 1);
      at += 1 + view.getInt32(at + 1);
    }
    return original(message);
  };
  return counts;
}

/** PGlite's own query, bypassing the cache: the reference results. */
const uncached = <T>(client: PGlite, query: string, params?: unknown[], options?: QueryOptions) =>
  PGlite.prototype.query.call(client, query, params, options) as Promise<Results<T>>;

const preparedCount = async (client: PGlite) =>
  Number(
    (
      await uncached<{ n: number }>(
        client,
        `select count(*)::int as n from pg_prepared_statements where name like 'signet\\_%'`,
      )
    ).rows[0]?.n,
  );

const codeOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  return (error as { code?: string } | undefined)?.code;
};

// PGlite is the embedded database; with TEST_DATABASE_URL the suite checks PostgreSQL instead.
describe.runIf(!process.env.TEST_DATABASE_URL)('PGlite statement cache', () => {
  let client: PGlite;
  let cache: StatementCache;
  let counts: Map<string, number>;
  // initdb once; each test starts from a dump of that new cluster (a fraction of initdb's CPU).
  let cluster: Blob;
  beforeAll(async () => {
    const first = new PGlite();
    await first.waitReady; // dumpDataDir before it would wait on the start-up's own query
    cluster = await first.dumpDataDir('none');
    await first.close();
  }, 120_000);
  const open = async (capacity?: number) => {
    client = new PGlite({ loadDataDir: cluster });
    await client.waitReady;
    cache = installStatementCache(client, { capacity });
    counts = countMessages(client);
  };
  afterEach(async () => {
    await client?.close();
  });

  it('parses a repeated statement once and runs it with Bind + Execute only', async () => {
    await open();
    await client.exec('create table t (id int primary key, name text)');
    for (let i = 0; i < 10; i++) {
      await client.query('insert into t (id, name) values ($1, $2)', [i, `n${i}`]);
    }
    for (let i = 0; i < 10; i++) {
      const { rows } = await client.query<{ name: string }>('select name from t where id = $1', [
        i,
      ]);
      expect(rows).toEqual([{ name: `n${i}` }]);
    }
    expect(counts.get('P')).toBe(2);
    expect(counts.get('B')).toBe(20);
    expect(counts.get('D')).toBe(2); // the statement Describe at the first run only
    expect(await preparedCount(client)).toBe(2);
  });

  it('gives the results PGlite gives without it, for every type the app stores', async () => {
    await open();
    await client.exec(`create table zoo (
      id int primary key, at timestamptz, local timestamp, day date, span interval, amount numeric,
      big bigint, flag boolean, doc json, docb jsonb, bytes bytea, ints int[], texts text[],
      stamps timestamptz[], uid uuid, note text)`);
    const insert = `insert into zoo values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
      $14, $15, $16) returning *`;
    const row = (id: number) => [
      id,
      new Date(Date.UTC(2026, 0, id, 12, 30, 15, 123)),
      '2026-01-02 03:04:05.678',
      '2026-02-03',
      '1 day 02:03:04',
      '12345.6789',
      9_007_199_254_740_993n,
      id % 2 === 0,
      { a: [1, 'zwei', null], b: { c: true } },
      { text: 'x"y\\z', n: id },
      new Uint8Array([0, 1, 2, 254, 255]),
      [1, 2, id],
      ['a', 'b,c', 'd"e', null],
      [new Date(Date.UTC(2026, 5, 1))],
      '5b1c7a44-9cf1-4b4e-8b8e-2f4f3f0e0c01',
      null,
    ];
    const drizzleParsers = {
      1184: (v: string) => v,
      1114: (v: string) => v,
      1082: (v: string) => v,
    };
    const select = 'select * from zoo where id = $1 or id = $2 order by id';
    for (let id = 1; id <= 8; id++) {
      const cached = await client.query(insert, row(id));
      await uncached(client, 'delete from zoo where id = $1', [id]);
      const reference = await uncached(client, insert, row(id));
      expect(cached).toEqual(reference);
    }
    // Past the fifth run PostgreSQL may switch to a generic plan: the answers stay the same.
    for (let run = 0; run < 8; run++) {
      for (const options of [
        undefined,
        { rowMode: 'array' as const },
        { rowMode: 'array' as const, parsers: drizzleParsers },
      ]) {
        const cached = await client.query(select, [run + 1, 8 - run], options);
        const reference = await uncached(client, select, [run + 1, 8 - run], options);
        expect(cached).toEqual(reference);
        expect(cached.rows).toHaveLength(run + 1 === 8 - run ? 1 : 2);
      }
    }
    const [first] = (await client.query<Record<string, unknown>>(select, [1, 1])).rows;
    expect(first?.bytes).toEqual(new Uint8Array([0, 1, 2, 254, 255]));
    expect(first?.big).toBe(9_007_199_254_740_993n);
    expect(first?.doc).toEqual({ a: [1, 'zwei', null], b: { c: true } });
    expect(first?.texts).toEqual(['a', 'b,c', 'd"e', null]);
    const update = await client.query('update zoo set note = $1 where id > $2', ['x', 4]);
    expect(update).toMatchObject({ affectedRows: 4, rowCount: 4, command: 'UPDATE', rows: [] });
  });

  it("keeps PostgreSQL's error codes, and the cache stays right after an error", async () => {
    await open();
    await client.exec('create table u (id int primary key, email text unique not null)');
    const insert = 'insert into u (id, email) values ($1, $2)';
    await client.query(insert, [1, 'a@example.org']);
    const duplicate = await client.query(insert, [2, 'a@example.org']).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({
      code: '23505',
      constraint: 'u_email_key',
      query: insert,
      params: [2, 'a@example.org'],
    });
    expect(await codeOf(client.query(insert, [3, null]))).toBe('23502');
    expect(await codeOf(client.query('select nope from u where id = $1', [1]))).toBe('42703');
    expect(await codeOf(client.query('select * from u where id = $1', ['x']))).toBe('22P02');
    expect(await codeOf(client.query('select * from u where id = $1', []))).toBe('08P01');
    await client.query(insert, [2, 'b@example.org']);
    expect((await client.query('select id from u order by id')).rows).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    // Nothing failed was kept: one statement per text that parsed.
    expect(cache.texts().sort()).toEqual(
      ['select * from u where id = $1', 'select id from u order by id', insert].sort(),
    );
    expect(await preparedCount(client)).toBe(3);
  });

  it('works in transactions: rollback, an error inside, statements parsed there reused after', async () => {
    await open();
    await client.exec('create table a (id int primary key, v text)');
    const insert = 'insert into a (id, v) values ($1, $2)';
    const select = 'select v from a where id = $1';
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [1, 'one']);
        expect((await tx.query(select, [1])).rows).toEqual([{ v: 'one' }]);
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect((await client.query(select, [1])).rows).toEqual([]);
    const failed = client.transaction(async (tx) => {
      await tx.query(insert, [1, 'one']);
      await tx.query(insert, [1, 'again']);
    });
    expect(await codeOf(failed)).toBe('23505');
    await client.transaction(async (tx) => {
      await tx.query(insert, [1, 'kept']);
      await tx.query(insert, [2, 'two']);
    });
    expect((await client.query(select, [1])).rows).toEqual([{ v: 'kept' }]);
    expect(counts.get('P')).toBe(2);
    expect(await preparedCount(client)).toBe(2);
  });

  it('serves drizzle: query builder and tx.execute, nested savepoints, concurrent callers', async () => {
    await open();
    await client.exec('create table items (id int primary key, name text not null)');
    const items = pgTable('items', { id: integer().primaryKey(), name: text().notNull() });
    const db = drizzle({ client });
    await db.transaction(async (tx) => {
      await tx.insert(items).values({ id: 1, name: 'outer' });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(items).values({ id: 2, name: 'inner' });
          await inner.execute(sql`insert into items (id, name) values (${1}, ${'duplicate'})`);
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      await tx.transaction(async (inner) => {
        await inner.insert(items).values({ id: 3, name: 'kept' });
      });
    });
    expect(await db.select().from(items).orderBy(items.id)).toEqual([
      { id: 1, name: 'outer' },
      { id: 3, name: 'kept' },
    ]);
    // Callers at the same time: each answer is its own (no message of another caller between).
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? db.transaction(async (tx) => {
              await tx.insert(items).values({ id: 100 + i, name: `t${i}` });
              return (
                await tx
                  .select()
                  .from(items)
                  .where(sql`${items.id} = ${100 + i}`)
              )[0]?.name;
            })
          : db
              .select({ name: items.name })
              .from(items)
              .where(sql`${items.id} = ${i % 2 === 0 ? 1 : 3}`)
              .then((rows) => rows[0]?.name),
      ),
    );
    expect(answers).toEqual(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? `t${i}` : i % 2 === 0 ? 'outer' : 'kept',
      ),
    );
  });

  it('is bounded: the least recently used statement is closed, and parsed again when needed', async () => {
    await open(3);
    const texts = [1, 2, 3, 4, 5].map((n) => `select ${n} + $1::int as n`);
    for (const text of texts) expect((await client.query(text, [1])).rows).toHaveLength(1);
    expect(cache.texts()).toEqual(texts.slice(2));
    expect(await preparedCount(client)).toBe(3);
    await client.query(texts[2] as string, [1]); // used: now the most recent
    await client.query(texts[0] as string, [1]); // evicts texts[3]
    expect(cache.texts()).toEqual([texts[4], texts[2], texts[0]]);
    expect((await client.query<{ n: number }>(texts[0] as string, [41])).rows).toEqual([{ n: 42 }]);
    expect(await preparedCount(client)).toBe(3);
  });

  it('gives right answers after the schema changes under a cached statement', async () => {
    await open();
    await client.exec(`create table s (id int primary key, v int);
      insert into s select i, i * 10 from generate_series(1, 50) i`);
    const byValue = 'select id from s where v = $1';
    const all = 'select * from s where id = $1';
    for (let i = 0; i < 7; i++) await client.query(byValue, [100]); // past the custom plans
    expect((await client.query(all, [1])).rows).toEqual([{ id: 1, v: 10 }]);

    await client.exec('create index s_v on s (v); update s set v = v + 1 where id = 10');
    expect((await client.query(byValue, [101])).rows).toEqual([{ id: 10 }]);
    expect((await client.query(byValue, [100])).rows).toEqual([]);

    // The result columns change: outside a transaction the call is parsed again and answers.
    await client.exec(`alter table s add column w text default 'new'`);
    expect((await client.query(all, [1])).rows).toEqual([{ id: 1, v: 10, w: 'new' }]);
    // Inside one PostgreSQL's error stands (the transaction is aborted); the next call is right.
    await client.exec('alter table s drop column w');
    const inTx = client.transaction((tx) => tx.query(all, [1]));
    expect(await codeOf(inTx)).toBe('0A000');
    expect((await client.query(all, [1])).rows).toEqual([{ id: 1, v: 10 }]);

    // A table dropped and made again under the same name (as tests that reset do).
    await client.exec(
      'drop table s; create table s (id int primary key, v int); insert into s values (1, 7)',
    );
    expect((await client.query(byValue, [7])).rows).toEqual([{ id: 1 }]);
    expect((await client.query(all, [1])).rows).toEqual([{ id: 1, v: 7 }]);
  });

  it('survives statements dropped behind its back (DEALLOCATE ALL, DISCARD ALL)', async () => {
    await open();
    const text = 'select $1::int * 2 as n';
    expect((await client.query(text, [2])).rows).toEqual([{ n: 4 }]);
    await client.exec('deallocate all'); // exec: the cache does not see it
    expect((await client.query(text, [3])).rows).toEqual([{ n: 6 }]);
    await client.query('discard all');
    expect(cache.texts()).toEqual([]);
    expect((await client.query(text, [4])).rows).toEqual([{ n: 8 }]);
  });
});
