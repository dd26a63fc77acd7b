import type { DatabaseHandle } from '../server/db/client';

/** The app's background statements (job runner, mail bookkeeping, presence), left out as in query-count.ts. */
const BACKGROUND = /pgboss\.|mail_deliveries|live_presence|server_instances/i;

type Statement = { text: string; values: unknown[] };

/**
 * Records the SQL statements a run sends to PostgreSQL, then runs each again under
 * EXPLAIN (ANALYZE, BUFFERS) and returns their summed execution time and plans: the database
 * time of one request, apart from Node. Reads only (a write is explained inside a rolled-back
 * transaction).
 */
export async function explainRun(
  database: DatabaseHandle,
  run: () => Promise<unknown>,
  /** puts the data back as it was before `run` (for a write), before it is explained */
  restore?: () => Promise<unknown>,
) {
  const pool = database.pool;
  if (!pool) throw new Error('explainRun needs PostgreSQL (BENCH_DATABASE_URL)');
  const statements: Statement[] = [];
  const original = pool.query;
  pool.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : first.text;
    const values = ((typeof first === 'string' ? undefined : first.values) ?? args[1]) as unknown[] | undefined;
    if (!BACKGROUND.test(text)) statements.push({ text, values: Array.isArray(values) ? values : [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pool.query;
  try {
    await run();
  } finally {
    pool.query = original;
  }
  await restore?.();
  let total = 0;
  const plans: { text: string; ms: number; plan: string }[] = [];
  const client = await pool.connect();
  try {
    for (const s of statements) {
      await client.query('begin');
      const res = await client.query(`explain (analyze, buffers) ${s.text}`, s.values);
      await client.query('rollback');
      const lines = res.rows.map((r: Record<string, string>) => Object.values(r)[0]!);
      const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0);
      total += ms;
      plans.push({ text: s.text, ms, plan: lines.join('\n') });
    }
  } finally {
    client.release();
  }
  return { statements: statements.length, totalMs: total, plans };
}

/** p50 and p99 of a list of milliseconds, as text. */
export function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(2)} ms  p99 ${at(0.99).toFixed(2)} ms  max ${sorted.at(-1)!.toFixed(2)} ms`;
}
