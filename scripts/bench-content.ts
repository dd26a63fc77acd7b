/**
 * Daily practice at scale: a member with `plans` subscriptions of `items`-long drip
 * queues (plus a few dated items per plan). Times GET app/content one request at a time (server
 * time p50/p99, Node CPU per request, the longest event-loop stall) and one entitlement check
 * (content/library.ts canSeeContent, as each signed media URL asks), then the first page of
 * GET app/content-history (the daily page's other call) the same way, and on PostgreSQL sums the
 * database time of one request with EXPLAIN ANALYZE. Then under load: autocannon (a child
 * process, BENCH_CONNECTIONS members at once, 20 by default) on a listening Tend (as in
 * production), with perf_hooks.monitorEventLoopDelay (1 ms resolution) running throughout and
 * each request's server time taken by Fastify (reply.elapsedTime in onResponse): p50/p99/max
 * server time, the longest event-loop delay, throughput and CPU per request. GET app/profile
 * (the same sign-in check, no release engine) runs under the same load first, as the floor a busy
 * machine sets for both figures.
 * No bare reference (one is kept only where a fair one exists): the answer is
 * the release engine's decision (common/content/release.ts over the member's subscriptions and
 * queues), so a bare handler would have to copy the engine, and would measure the same code.
 * The member has practised every item (an engagement row each). The rest of the platform is
 * there too: BENCH_OTHERS (100,000 by default) items of 500 other facilitators, posted over the
 * last two years, so a query that reads all content shows.
 * PostgreSQL when BENCH_DATABASE_URL is set (a scratch database; the rows are removed afterwards),
 * PGlite in memory otherwise.
 *   npx tsx scripts/bench-content.ts [plans] [items] [requests] [seconds under load]
 *   (BENCH_PLAN=1 prints the plans of the statements over 1 ms)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { canSeeContent } from '../server/features/content/library';
import { buildFacilitator, buildUser } from '../server/test/factories';
import { countQueries } from '../server/test/query-count';
import { buildProductionApp } from './bench-bare';
import { describe, measure, urlOf } from './bench-cpu';
import { explainRun, percentiles } from './bench-explain';

const plans = Number(process.argv[2] ?? 20);
const items = Number(process.argv[3] ?? 200);
const requests = Number(process.argv[4] ?? 60);
const seconds = Number(process.argv[5] ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const dated = 5;
const others = Number(process.env.BENCH_OTHERS ?? 100_000);

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  const app = await buildProductionApp(database);
  const served = serverTimes(app);
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
  // a member of long standing: an engagement row (opened, timed) on every item of the plans
  await db.execute(sql`
    insert into engagement (user_id, content_id, is_complete, total_engagement_ms)
    select ${member.id}, c.id, true, 600000 from content c where c.user_id = ${facilitator.id}`);
  await seedOthers(db);
  await db.execute(
    sql`analyze content; analyze content_tiers; analyze tiers; analyze subscriptions; analyze engagement`,
  );
  console.log(
    `seeded ${plans} plans x ${items} queued (+${dated} dated) items for one member and ${others} items of other ` +
      `facilitators in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const headers = { authorization: `Bearer ${token}` };
  const get = () => app.inject({ method: 'GET', url: '/api/app/content', headers });

  /** One request at a time: the answer's size and statements, server time, CPU and the longest stall. */
  async function oneAtATime(path: string, describeAnswer: (answer: Record<string, unknown[]>) => string) {
    const ask = () => app.inject({ method: 'GET', url: path, headers });
    const first = await ask();
    const queries = await countQueries(database, ask);
    console.log(
      `GET ${path.slice(5)}: ${first.statusCode}, ${describeAnswer(first.json())}, ${first.body.length} bytes, ${queries} SQL statements`,
    );
    for (let i = 0; i < 10; i++) await ask();
    const times: number[] = [];
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const cpu = process.cpuUsage();
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await ask();
      times.push(performance.now() - started);
    }
    const used = process.cpuUsage(cpu);
    loop.disable();
    console.log(
      `GET ${path.slice(5)} x${requests}: server time ${percentiles(times)}; Node CPU ${((used.user + used.system) / 1000 / requests).toFixed(2)} ms/request; longest event-loop stall ${(loop.max / 1e6).toFixed(1)} ms`,
    );
  }
  await oneAtATime('/api/app/content', (a) => `${a.allContent?.length} items today`);
  // the daily page's second call and past practices: a page of history with its engagement
  await oneAtATime(
    '/api/app/content-history',
    (a) => `${a.userContentHistory?.length} items, ${a.userEngagementHistory?.length} engagement records`,
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
    for (const p of explained.plans) {
      console.log(`  ${p.ms.toFixed(2)} ms  ${p.text.replace(/\s+/g, ' ').slice(0, 110)}`);
      if (process.env.BENCH_PLAN && p.ms > 1) console.log(`${p.text}\n${p.plan}`);
    }
    const access = await explainRun(database, () => canSeeContent(app.ctx, member, check));
    console.log(
      `canSeeContent database time (EXPLAIN ANALYZE): ${access.totalMs.toFixed(2)} ms over ${access.statements} statements`,
    );
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  for (const path of ['/api/app/profile', '/api/app/content']) await underLoad(app, database, served, path, headers);

  await db.execute(sql`delete from subscriptions where user_id = ${member.id}`);
  await db.execute(sql`delete from engagement where user_id = ${member.id}`);
  await db.execute(sql`delete from content where user_id = ${facilitator.id}`);
  await db.execute(sql`delete from tiers where user_id = ${facilitator.id}`);
  for (let from = 1; from <= 500; from += 50) {
    await db.execute(sql`delete from users where username like 'bench-other-%'
      and substring(username from 13)::int between ${from} and ${from + 49}`);
  }
  await app.close();
  await database.close();
}

/** `others` items of 500 other facilitators, each in its facilitator's one plan, posted over two years. */
async function seedOthers(db: DatabaseHandle['db']) {
  if (others === 0) return;
  await db.execute(sql`
    insert into users (name, username, email, password_hash, is_facilitator)
    select 'Other ' || g, 'bench-other-' || g, 'bench-other-' || g || '@example.test', '-', true
    from generate_series(1, 500) as g`);
  await db.execute(sql`
    insert into tiers (user_id, name, type, price_cents, published)
    select id, 'Other plan', 'subscription', 500, true from users where username like 'bench-other-%'`);
  // in batches of 50 facilitators, each statement well inside the statement timeout on a busy machine
  for (let from = 1; from <= 500; from += 50) {
    await db.execute(sql`
      with others as (
        select t.id as tier_id, t.user_id from tiers t join users u on u.id = t.user_id
        where t.name = 'Other plan' and u.username like 'bench-other-%'
          and substring(u.username from 13)::int between ${from} and ${from + 49}),
      added as (
        insert into content (user_id, title, description, content_type, posted_date, created_at)
        select o.user_id, 'Other item ' || i, 'Sit with the breath for a while.', 'meditation',
               now() - random() * interval '730 days', now() - interval '2 years'
        from others o cross join generate_series(1, ${Math.ceil(others / 500)}) as i
        returning id, user_id)
      insert into content_tiers (content_id, tier_id)
      select a.id, o.tier_id from added a join others o on o.user_id = a.user_id`);
  }
}

/** Each request's server time (Fastify's, from onRequest to the last byte written), by path. */
function serverTimes(app: FastifyInstance) {
  const times = new Map<string, number[]>();
  app.addHook('onResponse', async (req, reply) => {
    const list = times.get(req.url) ?? [];
    list.push(reply.elapsedTime);
    times.set(req.url, list);
  });
  return times;
}

/** autocannon on `path` with the event-loop delay monitored throughout; prints server time and the longest delay. */
async function underLoad(
  app: FastifyInstance,
  database: DatabaseHandle,
  served: Map<string, number[]>,
  path: string,
  headers: Record<string, string>,
) {
  served.delete(path);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const round = await measure(urlOf(app), [path], { headers, connections, seconds, database });
  loop.disable();
  const times = served.get(path) ?? [];
  console.log(
    `${path} under load (${connections} connections, ${seconds} s, ${times.length} requests): ${describe([round])}`,
  );
  console.log(
    `  server time ${percentiles(times)}; event-loop delay max ${(loop.max / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms`,
  );
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
