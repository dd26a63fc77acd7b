import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * What pg-boss needs of a database (its `db` option): run one SQL text with positional values.
 * pg-boss sends its multi-statement scripts (schema creation, migrations, maintenance, each
 * wrapped in BEGIN ... COMMIT under an advisory lock) without values, and single statements
 * with values.
 */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

const isScript = (values?: unknown[]) => !values || values.length === 0;

/**
 * PostgreSQL through the app's pool. A script runs on a client of its own and is rolled back
 * when it fails: a failed statement between BEGIN and COMMIT leaves the connection inside an
 * aborted transaction, and handed back to the pool like that it would fail every later query
 * (two instances creating pg-boss's schema at once is such a failure, and an expected one).
 */
export function postgresExecutor(pool: pg.Pool): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (!isScript(values)) return pool.query(text, values);
      const client = await pool.connect();
      try {
        // node-postgres answers a script with one result per statement; the last one counts
        const results: pg.QueryResult | pg.QueryResult[] = await client.query(text);
        return Array.isArray(results) ? (results.at(-1) ?? { rows: [] }) : results;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * PGlite: one in-process connection shared with the app. Statements with values go through
 * `query`, which waits for any open app transaction. A script goes through `exec` inside
 * PGlite's own transaction, so nothing else runs between its statements and a failure is rolled
 * back before the connection is handed on (its inner BEGIN/COMMIT only raise warnings there).
 */
export function pgliteExecutor(pglite: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (!isScript(values)) return pglite.query<Record<string, unknown>>(text, values);
      const results = await pglite.transaction((tx) => tx.exec(text));
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  };
}
