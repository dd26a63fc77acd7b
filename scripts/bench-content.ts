/**
 * Daily practice at scale (issue 19 §3): a member with `plans` subscriptions of `items`-long drip
 * queues (plus a few dated items per plan). Times GET app/content (server time p50/p99, Node CPU
 * per request, the longest event-loop stall) and one entitlement check (content/library.ts
 * canSeeContent, as each signed media URL asks), and on PostgreSQL sums the database time of one
 * request with EXPLAIN ANALYZE. PostgreSQL when BENCH_DATABASE_URL is set (a scratch database;
 * the rows are removed afterwards), PGlite in memory otherwise.
 *   npx tsx scripts/bench-content.ts [plans] [items] [requests]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { canSeeContent } from '../server/features/content/library';
import { buildFacilitator, buildUser } from '../server/test/factories';
import { countQueries } from '../server/test/query-count';
import { explainRun, percentiles } from './bench-explain';

const plans = Number(process.argv[2] ?? 20);
const items = Number(process.argv[3] ?? 200);
const requests = Number(process.argv[4] ?? 60);
const dated = 5;

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  const app = await buildApp(testConfig({ rateLimitFactor: 1000 }), { database });
  const { db } = database;
  const { user: facilitator } = await buildFacilitator(db, { name: 'Bench facilitator' });
  const { user: member, token } = await buildUser(db, { name: 'Bench member' });
  const seeded = Date.now();
  await db.execute(sql`
    insert into tiers (user_id, name, type, price_cents, published)
    select ${facilitator.id}, 'Plan ' || p, 'subscription', 500, true from generate_series(1, ${plans}) as p`);
  await db.execute(sql`
    insert into content (user_id, title, description, content_type, in_post_queue, posted_date, created_at)
    select ${facilitator.id}, t.name || ' item ' || i, 'Sit with the breath for a while.', 'meditation',
           i <= ${items}, case when i > ${items} then now() - ((i - ${items}) * interval '20 hours') end,
           now() - interval '1 year' + i * interval '1 minute'
    from tiers t cross join generate_series(1, ${items + dated}) as i where t.user_id = ${facilitator.id}`);
  await db.execute(sql`
    insert into content_tiers (content_id, tier_id)
    select c.id, t.id from content c join tiers t on c.title like t.name || ' item %'
    where t.user_id = ${facilitator.id} and c.user_id = ${facilitator.id}`);
  await db.execute(sql`
    update tiers t set content_queue = q.ids from (
      select ct.tier_id, array_agg(c.id order by c.created_at) as ids from content_tiers ct
      join content c on c.id = ct.content_id where c.in_post_queue group by ct.tier_id) q
    where q.tier_id = t.id and t.user_id = ${facilitator.id}`);
  // members a different number of days in, so each queue has released a different part
  await db.execute(sql`
    insert into subscriptions (user_id, tier_id, start_date)
    select ${member.id}, t.id, current_date - (row_number() over (order by t.name) * 7)::int
    from tiers t where t.user_id = ${facilitator.id}`);
  await db.execute(sql`analyze content; analyze content_tiers; analyze tiers; analyze subscriptions`);
  console.log(
    `seeded ${plans} plans x ${items} queued (+${dated} dated) items for one member in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const headers = { authorization: `Bearer ${token}` };
  const get = () => app.inject({ method: 'GET', url: '/api/app/content', headers });
  const first = await get();
  const queries = await countQueries(database, get);
  console.log(
    `GET app/content: ${first.statusCode}, ${first.json().allContent.length} items today, ${queries} SQL statements`,
  );
  for (let i = 0; i < 10; i++) await get();

  const times: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpu = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await get();
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  loop.disable();
  console.log(
    `GET app/content x${requests}: server time ${percentiles(times)}; Node CPU ${((used.user + used.system) / 1000 / requests).toFixed(2)} ms/request; longest event-loop stall ${(loop.max / 1e6).toFixed(1)} ms`,
  );

  const check = await firstItem(db, facilitator.id);
  const checks: number[] = [];
  let allowed = false;
  const checkQueries = await countQueries(database, () => canSeeContent(app.ctx, member, check));
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    allowed = await canSeeContent(app.ctx, member, check);
    checks.push(performance.now() - started);
  }
  console.log(`canSeeContent (one item, allowed=${allowed}, ${checkQueries} SQL statements): ${percentiles(checks)}`);

  if (database.kind === 'postgres') {
    const explained = await explainRun(database, get);
    console.log(
      `GET app/content database time (EXPLAIN ANALYZE): ${explained.totalMs.toFixed(2)} ms over ${explained.statements} statements`,
    );
    for (const p of explained.plans)
      console.log(`  ${p.ms.toFixed(2)} ms  ${p.text.replace(/\s+/g, ' ').slice(0, 110)}`);
    const access = await explainRun(database, () => canSeeContent(app.ctx, member, check));
    console.log(
      `canSeeContent database time (EXPLAIN ANALYZE): ${access.totalMs.toFixed(2)} ms over ${access.statements} statements`,
    );
  }

  await db.execute(sql`delete from subscriptions where user_id = ${member.id}`);
  await db.execute(sql`delete from content where user_id = ${facilitator.id}`);
  await db.execute(sql`delete from tiers where user_id = ${facilitator.id}`);
  await app.close();
  await database.close();
}

async function firstItem(db: Awaited<ReturnType<typeof openDatabase>>['db'], ownerId: string) {
  const res = (await db.execute(sql`
    select c.id, c.user_id as "userId" from content c where c.user_id = ${ownerId} and c.in_post_queue
    order by c.created_at limit 1`)) as unknown as { rows: { id: string; userId: string }[] };
  return res.rows[0]!;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
