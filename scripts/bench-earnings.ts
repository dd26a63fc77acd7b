/**
 * Times the earnings endpoint over 100k revenue entries of one facilitator (three tiers, spread
 * over two years). Uses PostgreSQL when BENCH_DATABASE_URL is set (a scratch database it fills
 * and empties), PGlite in memory otherwise.   npx tsx scripts/bench-earnings.ts [entries]
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildFacilitator, buildTier } from '../server/test/factories';

const entries = Number(process.argv[2] ?? 100_000);

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  const app = await buildApp(testConfig(), { database });
  const { db } = database;
  const { user, token } = await buildFacilitator(db);
  const tiers = [
    await buildTier(db, user.id, { name: 'A' }),
    await buildTier(db, user.id, { name: 'B' }),
    await buildTier(db, user.id, { name: 'C' }),
  ];
  const seeded = Date.now();
  await db.execute(sql`
    insert into revenue_entries (facilitator_id, tier_id, tier_name, amount_cents, occurred_at, source_id)
    select ${user.id}, (array[${tiers[0]!.id}::uuid, ${tiers[1]!.id}::uuid, ${tiers[2]!.id}::uuid])[1 + i % 3],
           (array['A','B','C'])[1 + i % 3], 500 + (i % 7) * 100,
           now() - (random() * interval '730 days'), 'bench_' || ${user.id} || '_' || i
    from generate_series(1, ${entries}) as i`);
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
    console.log(
      `${period.padEnd(5)} ${buckets} buckets: median ${times[15]!.toFixed(1)} ms, p95 ${times[28]!.toFixed(1)} ms (30 calls, one SQL query each)`,
    );
  }
  const plan = (await db.execute(sql`
    explain select date_trunc('month', occurred_at), tier_id, sum(amount_cents) from revenue_entries
    where facilitator_id = ${user.id} and occurred_at >= now() - interval '1 year' group by 1, 2`)) as unknown as {
    rows: Record<string, string>[];
  };
  console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
  await db.execute(sql`delete from revenue_entries where facilitator_id = ${user.id}`);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
