import { type Column, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row read with raw SQL (`tx.execute`, or an object of `row_to_json` / `json_agg`) in the
 * shape Drizzle's `select()` gives: camelCase keys and every column mapped by its own type
 * (timestamps to Date, bigint to number, JSON parsed). Lets one round trip bring what several
 * builder queries would, without a second notion of what a row looks like.
 */
export function rowOf<T extends PgTable>(
  table: T,
  raw: Record<string, unknown>,
): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, name, column] of columnsOf(table)) {
    const value = raw[name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/** Per table: each column's property name, SQL name and column, listed once (rows are many). */
const listed = new WeakMap<PgTable, [string, string, Column][]>();

function columnsOf(table: PgTable): [string, string, Column][] {
  let columns = listed.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, c]) => [key, c.name, c]);
    listed.set(table, columns);
  }
  return columns;
}

/** The rows of a raw `tx.execute` result (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = (result: unknown): Record<string, unknown>[] =>
  (result as { rows?: Record<string, unknown>[] }).rows ?? [];

/** A `json` / `jsonb` value as the driver hands it: parsed already, or as text. */
export const jsonOf = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;
