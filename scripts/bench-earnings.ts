/**
 * Times the earnings endpoint over 100k revenue entries of one facilitator (three tiers, spread
 * over two years) and, on PostgreSQL, sums its database time with EXPLAIN ANALYZE (BENCH_PLAN=1 prints the
 * year's plan). Uses PostgreSQL when BENCH_DATABASE_URL is set (a scratch database it fills
 * and empties), PGlite in memory otherwise. On PostgreSQL it then drives 'Year' with autocannon
 * (BENCH_CONNECTIONS, 50 by default, a child process) against Tend (as in production) and a bare
 * Fastify + node-postgres handler with the same SQL as a named prepared statement
 * (bench-earnings-bare.ts), rounds interleaved in this process, and prints throughput, p50/p99,
 * CPU per request (Node + PostgreSQL) and the ratios.
 *   npx tsx scripts/bench-earnings.ts [entries] [seconds per round] [rounds]
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { buildFacilitator, buildTier } from '../server/test/factories';
import { buildProductionApp, compareAnswers, compareUnderLoad, printTendStatements, urlOf } from './bench-bare';
import { startBareEarnings } from './bench-earnings-bare';
import { explainRun } from './bench-explain';

const entries = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 8);
const rounds = Number(process.argv[4] ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main() {
  // seeding on a busy machine can outlast a request's statement timeout
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    timeouts: { connectMs: 30_000, statementMs: 900_000, answerMs: 900_000 },
  });
  await database.migrate();
  const app = await buildProductionApp(database);
  const { db } = database;
  const { user, token } = await buildFacilitator(db);
  const tiers = [
    await buildTier(db, user.id, { name: 'A' }),
    await buildTier(db, user.id, { name: 'B' }),
    await buildTier(db, user.id, { name: 'C' }),
  ];
  const seeded = Date.now();
  // in batches: one statement of 100k rows can outlast the statement timeout on a busy machine
  for (let start = 1; start <= entries; start += 10_000) {
    const end = Math.min(entries, start + 9_999);
    await db.execute(sql`
    insert into revenue_entries (facilitator_id, tier_id, tier_name, amount_cents, occurred_at, source_id)
    select ${user.id}, (array[${tiers[0]!.id}::uuid, ${tiers[1]!.id}::uuid, ${tiers[2]!.id}::uuid])[1 + i % 3],
           (array['A','B','C'])[1 + i % 3], 500 + (i % 7) * 100,
           now() - (random() * interval '730 days'), 'bench_' || ${user.id} || '_' || i
    from generate_series(${start}::int, ${end}::int) as i`);
  }
  // the rollup's rows were each updated ~45 times while seeding: vacuum, as autovacuum would in a live database
  await db.execute(sql`vacuum analyze revenue_daily`);
  await db.execute(sql`analyze revenue_entries`);
  console.log(`seeded ${entries} revenue entries in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`);

  for (const period of ['week', 'month', 'year'] as const) {
    const times: number[] = [];
    let buckets = 0;
    for (let i = 0; i < 30; i++) {
      const started = process.hrtime.bigint();
      const res = await app.inject({
        method: 'GET',
        url: `/api/app/facilitator/revenue?period=${period}`,
        headers: { authorization: `Bearer ${token}` },
      });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      buckets = res.json().buckets.length;
    }
    times.sort((a, b) => a - b);
    const explained =
      database.kind === 'postgres'
        ? await explainRun(database, () =>
            app.inject({
              method: 'GET',
              url: `/api/app/facilitator/revenue?period=${period}`,
              headers: { authorization: `Bearer ${token}` },
            }),
          )
        : null;
    if (explained) {
      const query = explained.plans.find((p) => p.text.includes('revenue_entries'));
      console.log(
        `${period.padEnd(5)} database time (EXPLAIN ANALYZE of the revenue query): ${query?.ms.toFixed(2)} ms`,
      );
      if (period === 'year' && process.env.BENCH_PLAN) console.log(query?.plan);
    }
    console.log(
      `${period.padEnd(5)} ${buckets} buckets: median ${times[15]!.toFixed(1)} ms, p95 ${times[28]!.toFixed(1)} ms (30 calls, one SQL query each)`,
    );
  }
  if (database.kind === 'postgres') {
    const headers = { authorization: `Bearer ${token}` };
    const path = '/api/app/facilitator/revenue?period=year';
    await printTendStatements(database, () => app.inject({ method: 'GET', url: path, headers }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const bare = await startBareEarnings(process.env.BENCH_DATABASE_URL!);
    const servers = { Tend: urlOf(app), bare: urlOf(bare) };
    // `from` and `to` are each server's own clock
    const withoutClock = (body: string) => body.replace(/"(from|to)":"[^"]*"/g, '"$1":"-"');
    await compareAnswers(
      { tend: servers.Tend, bare: servers.bare },
      ['week', 'month', 'year'].map((p) => `/api/app/facilitator/revenue?period=${p}`),
      headers,
      withoutClock,
    );
    await compareUnderLoad({
      servers,
      loads: [{ title: `Year (${entries} entries)`, paths: [path] }],
      rounds,
      seconds,
      connections,
      headers,
      database,
    });
    await bare.close();
  }
  // the rows go with their facilitator (the rollup's per-entry trigger returns at once for a gone facilitator)
  await db.execute(sql`delete from users where id = ${user.id}`);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
