import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { csvCell } from '../payments/csv';
import { type ArchiveScope, type ArchiveTable, columnsFor } from './archive-tables';

/** Rows read per query: a page of a big table, never the whole table in memory. */
export const PAGE_SIZE = 1000;

type Value = string | number | boolean | null | Value[];

/**
 * A table's rows in key order, one keyset page per query. Each row comes as one JSON array built by
 * the database, so times, lists and big numbers read the same on PGlite and PostgreSQL.
 */
export async function* tableRows(db: Executor, table: ArchiveTable, scope: ArchiveScope): AsyncGenerator<Value[][]> {
  const columns = columnsFor(table, scope);
  const values = sql.join(
    columns.map((c) => c.value),
    sql`, `,
  );
  let after: string | undefined;
  for (;;) {
    const from: SQL = after === undefined ? sql`true` : sql`${table.key} > ${after}::${sql.raw(table.keyType)}`;
    const page = await selectRows<{ r: Value[]; k: string }>(
      db,
      sql`select json_build_array(${values}) as r, ${table.key}::text as k from ${table.from}
          where ${table.where(scope)} and ${from} order by ${table.key} limit ${PAGE_SIZE}`,
    );
    if (page.length) yield page.map((row) => (typeof row.r === 'string' ? JSON.parse(row.r) : row.r));
    if (page.length < PAGE_SIZE) return;
    after = page[page.length - 1]!.k;
  }
}

const LINE_END = '\r\n';
const csvValue = (v: Value): string =>
  v === null ? '' : Array.isArray(v) ? csvCell(v.join(' ')) : typeof v === 'boolean' ? String(v) : csvCell(v);

/** The CSV text of a table, page by page: a byte-order mark and the header first. */
export async function* csvText(db: Executor, table: ArchiveTable, scope: ArchiveScope) {
  const names = columnsFor(table, scope).map((c) => c.name);
  yield `\uFEFF${names.map(csvCell).join(',')}${LINE_END}`;
  for await (const page of tableRows(db, table, scope))
    yield page.map((row) => row.map(csvValue).join(',') + LINE_END).join('');
}

/** The JSON Lines text of a table, page by page: one object per row keyed by column name. */
export async function* jsonLines(db: Executor, table: ArchiveTable, scope: ArchiveScope, counted: { rows: number }) {
  const names = columnsFor(table, scope).map((c) => c.name);
  for await (const page of tableRows(db, table, scope)) {
    counted.rows += page.length;
    yield page.map((row) => `${JSON.stringify(Object.fromEntries(names.map((n, i) => [n, row[i]])))}\n`).join('');
  }
}
