/**
 * Named prepared statements for PGlite: each SQL text is parsed, analysed and described once.
 *
 * Why: PGlite's `query()` sends Parse (unnamed) + Describe + Bind + Describe + Execute + Sync for
 * every call, so PostgreSQL parses, analyses and plans every statement again each time. On the
 * signing path that was about 14 ms of a 40 ms PGlite share per call (issue 12). Here a text the
 * app runs (select, insert, update, delete, with, values) is sent once as a named Parse with a
 * statement Describe (parameter types, row description), and each later call sends only Bind +
 * Execute + Sync in one protocol exchange; PostgreSQL's plan cache then does its job
 * (`plan_cache_mode = auto`: custom plans for five runs, then the generic plan when it is not
 * costlier), and PostgreSQL re-analyses a statement itself when the schema under it changes.
 *
 * How it keeps PGlite's contract:
 * - Locking: a top-level call holds PGlite's transaction mutex and its query mutex, a call in
 *   `transaction()` the query mutex, as PGlite's own `query` does: nothing interleaves.
 * - Results: the same parsers, serializers and `parseResults` as PGlite (rowMode, per-query
 *   parsers and serializers); errors are PGlite's (PostgreSQL's code, `query`, `params`).
 * - Prepared statements are not transactional: a statement parsed in a transaction that rolls
 *   back stays valid, so the cache needs no undo. A text is cached only after its Parse and
 *   Describe succeeded.
 * - Bounded: an LRU of `capacity` texts; the least recently used is closed (Close message) when a
 *   new one comes in. Texts built with a variable `in (…)` list are distinct texts.
 * - Schema changes: PostgreSQL re-plans a statement whose tables changed. When the change alters
 *   a statement's result columns ("cached plan must not change result type", 0A000) or the
 *   statement is gone (26000, e.g. after DEALLOCATE/DISCARD), the entry is dropped; outside a
 *   transaction block the call is retried once with a new Parse, inside one the error stands (the
 *   transaction is aborted anyway).
 * Other texts (DDL, SET, savepoints, BEGIN…) and calls with a blob or explicit parameter types go
 * through PGlite's own `query` unchanged.
 */
import {
  type messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type BackendMessage = messages.BackendMessage;
type DatabaseError = messages.DatabaseError;
type RowDescription = messages.RowDescriptionMessage;

/** What the cache keeps per SQL text. */
type Statement = {
  name: string;
  paramTypes: number[];
  /** The statement's row description; absent for a statement that returns no rows. */
  rowDescription?: RowDescription;
};

export type StatementCacheOptions = {
  /** How many SQL texts keep a prepared statement (default 500). */
  capacity?: number;
};

export type StatementCache = {
  /** SQL texts that currently have a prepared statement (least recently used first). */
  texts: () => string[];
};

/** Texts worth a prepared statement: the ones PostgreSQL plans. */
const PLANNABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
/** Texts that drop prepared statements behind the cache's back. */
const DROPS_STATEMENTS = /^\s*(discard|deallocate)\b/i;
/** Errors after which a statement must be parsed again. */
const STALE = new Set(['0A000', '26000']);

const { serialize } = protocol;
const SYNC = serialize.sync();

type Query = <T>(query: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/**
 * Installs the cache on a PGlite instance: replaces `query` on the instance and on every
 * transaction handle `transaction()` passes. Install it before wrappers that call these.
 */
export function installStatementCache(
  client: PGlite,
  options: StatementCacheOptions = {},
): StatementCache {
  const capacity = options.capacity ?? 500;
  /** SQL text → statement; a Map iterates in insertion order, so the first key is the LRU. */
  const statements = new Map<string, Statement>();
  let counter = 0;

  /** One protocol exchange (its reply messages, errors included); call holding the query mutex. */
  const exchange = (message: Uint8Array, onNotice?: QueryOptions['onNotice']) =>
    client.execProtocolStream(message, { syncToFs: false, throwOnError: false, onNotice });

  const close = async (name: string) => {
    await exchange(concat([serialize.close({ type: 'S', name }), SYNC]));
  };

  const prepare = async (text: string, params: unknown[], queryOptions?: QueryOptions) => {
    const name = `signet_${++counter}`;
    const reply = await exchange(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), SYNC]),
      queryOptions?.onNotice,
    );
    const error = firstError(reply);
    if (error) {
      // A Parse that went through leaves a statement even if Describe failed.
      if (reply.some((m) => m.name === 'parseComplete')) await close(name);
      throw asPgliteError(error, text, params, queryOptions);
    }
    const described = reply.find((m) => m.name === 'parameterDescription') as
      | messages.ParameterDescriptionMessage
      | undefined;
    const statement: Statement = {
      name,
      paramTypes: described?.dataTypeIDs ?? [],
      rowDescription: reply.find((m) => m.name === 'rowDescription') as RowDescription | undefined,
    };
    statements.set(text, statement);
    if (statements.size > capacity) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      await close(oldest.name);
    }
    return statement;
  };

  const bindAndExecute = async (
    text: string,
    params: unknown[],
    queryOptions: QueryOptions | undefined,
    retry: boolean,
  ): Promise<Results> => {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, params, queryOptions);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i] as number;
      const serializer = queryOptions?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const reply = await exchange(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute(), SYNC]),
      queryOptions?.onNotice,
    );
    const error = firstError(reply);
    if (error) {
      if (STALE.has(error.code ?? '')) {
        statements.delete(text);
        await close(statement.name);
        if (retry && !client.isInTransaction()) {
          return bindAndExecute(text, params, queryOptions, false);
        }
      }
      throw asPgliteError(error, text, params, queryOptions);
    }
    const described = statement.rowDescription ? [statement.rowDescription, ...reply] : reply;
    return parse.parseResults(described, client.parsers, queryOptions)[0] as Results;
  };

  const cachable = (text: string, queryOptions?: QueryOptions) =>
    PLANNABLE.test(text) && !queryOptions?.blob && !queryOptions?.paramTypes;

  /**
   * A `query` (of the instance or of a transaction handle): texts the cache leaves alone go to
   * PGlite's own `uncached`, the others run in `locked` (the mutexes that caller needs).
   */
  const withCache = (uncached: Query, locked: <T>(work: () => Promise<T>) => Promise<T>) =>
    async function query<T>(
      text: string,
      params: unknown[] = [],
      queryOptions?: QueryOptions,
    ): Promise<Results<T>> {
      if (!cachable(text, queryOptions)) {
        const result = await uncached<T>(text, params, queryOptions);
        if (DROPS_STATEMENTS.test(text)) statements.clear();
        return result;
      }
      return locked(
        async () => (await bindAndExecute(text, params, queryOptions, true)) as Results<T>,
      );
    };

  const pglite = client as unknown as {
    _runExclusiveQuery: <T>(fn: () => Promise<T>) => Promise<T>;
    _runExclusiveTransaction: <T>(fn: () => Promise<T>) => Promise<T>;
    _checkReady: () => Promise<void>;
  };
  // Outside `transaction()`: its own implicit transaction, synced to the file system after.
  client.query = withCache(client.query.bind(client) as Query, async (work) => {
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const result = await work();
        await client.syncToFs();
        return result;
      }),
    );
  }) as PGlite['query'];

  // In `transaction()`: PGlite holds the transaction mutex for the callback already.
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = withCache(tx.query.bind(tx) as Query, async (work) => {
        if (tx.closed) throw new Error('Transaction is closed');
        return pglite._runExclusiveQuery(work);
      }) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];

  return { texts: () => [...statements.keys()] };
}

function firstError(reply: BackendMessage[]): DatabaseError | undefined {
  return reply.find((m) => m.name === 'error') as DatabaseError | undefined;
}

/** PGlite's error shape: the DatabaseError with the query, its parameters and options. */
function asPgliteError(
  error: DatabaseError,
  query: string,
  params: unknown[],
  queryOptions: QueryOptions | undefined,
): DatabaseError {
  return Object.assign(error, { query, params, queryOptions });
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
