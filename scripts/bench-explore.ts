/**
 * Explore and the notification bell at scale: seeds `facilitators` facilitators
 * (name, category, bio, one published tier each) and 10k notifications of one member, then times
 * GET app/facilitators with several searches and GET app/notifications/view-all, printing server
 * time p50/p99 and, on PostgreSQL, the database time of each with EXPLAIN ANALYZE (a write is
 * explained in a rolled-back transaction). PostgreSQL when BENCH_DATABASE_URL is set (a scratch
 * database; the rows are removed afterwards), PGlite in memory otherwise. On PostgreSQL it then
 * drives 'mindful morning' and a one-word search with autocannon (BENCH_CONNECTIONS, 50 by
 * default, a child process) against Tend (as in production) and a bare Fastify + node-postgres
 * handler with the same SQL (bench-explore-bare.ts; a search unnamed, planned with its pattern), rounds
 * interleaved in this process, and prints throughput, p50/p99, CPU per request and the ratios.
 *   npx tsx scripts/bench-explore.ts [facilitators] [requests] [seconds per round] [rounds]
 *   (BENCH_PLAN=1 prints the plans)
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { buildUser } from '../server/test/factories';
import { countQueries } from '../server/test/query-count';
import { buildProductionApp, compareAnswers, compareUnderLoad, printTendStatements, urlOf } from './bench-bare';
import { explainRun, percentiles } from './bench-explain';
import { startBareExplore } from './bench-explore-bare';

const facilitators = Number(process.argv[2] ?? 10_000);
const requests = Number(process.argv[3] ?? 40);
const seconds = Number(process.argv[4] ?? 8);
const rounds = Number(process.argv[5] ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const notificationCount = 10_000;
const searches = ['', 'yoga', 'breath', 'Bench guide 4242', 'zzz-nothing', 'mindful morning'];

async function main() {
  // seeding on a busy machine can outlast a request's statement timeout
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    timeouts: { connectMs: 30_000, statementMs: 900_000, answerMs: 900_000 },
  });
  await database.migrate();
  const app = await buildProductionApp(database);
  const { db } = database;
  const { user, token } = await buildUser(db, { name: 'Bench explorer' });
  const mark = `explore_${user.id.slice(0, 8)}`;
  const seeded = Date.now();
  const categories = ['Yoga', 'Meditation', 'Breathwork', 'Pilates', 'Sleep', 'Journaling', 'Running', 'Tai chi'];
  await db.execute(sql`
    insert into users (name, username, email, password_hash, email_confirmed, is_facilitator, facilitator_category, bio)
    select 'Bench guide ' || i, ${mark} || '_' || i, ${mark} || '_' || i || '@bench.test', 'x', true, true,
           (string_to_array(${categories.join(',')}, ','))[1 + i % 8],
           'I teach ' || lower((string_to_array(${categories.join(',')}, ','))[1 + (i * 7) % 8]) || ' for people with busy days, ' ||
           'twenty minutes at a time. Session ' || i || ' of a long practice.'
    from generate_series(1, ${facilitators}) as i`);
  await db.execute(sql`
    insert into tiers (user_id, name, description, type, price_cents, published)
    select id, 'Mindful plan ' || username, 'A gentle morning routine with breath and stretching.', 'subscription', 900, true
    from users where username like ${`${mark}_%`}`);
  await db.execute(sql`
    insert into notifications (user_id, message, link, viewed, created_at)
    select ${user.id}, 'Someone hearted your post ' || i, '/post/x', false, now() - i * interval '1 minute'
    from generate_series(1, ${notificationCount}) as i`);
  await db.execute(sql`analyze users; analyze tiers; analyze facilitator_search; analyze notifications`);
  console.log(
    `seeded ${facilitators} facilitators with a tier each and ${notificationCount} notifications in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const headers = { authorization: `Bearer ${token}` };
  for (const search of searches) {
    const url = `/api/app/facilitators${search ? `?search=${encodeURIComponent(search)}` : ''}`;
    const get = () => app.inject({ method: 'GET', url, headers });
    const shown = (await get()).json().facilitators.length;
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await get();
      times.push(performance.now() - started);
    }
    let dbTime = '';
    if (database.kind === 'postgres') {
      const explained = await explainRun(database, get);
      // a search reads the name matches, then the others (profiles/explore.ts explorePage)
      const queries = explained.plans.filter(
        (p) => !p.text.includes('auth_sessions') && p.text.includes('"is_facilitator"'),
      );
      const ms = queries.reduce((sum, p) => sum + p.ms, 0);
      dbTime = `; database ${ms.toFixed(2)} ms in ${queries.length} queries (EXPLAIN ANALYZE)`;
      if (process.env.BENCH_PLAN) for (const q of queries) console.log(q.plan);
    }
    console.log(`Explore '${search}' (${shown} shown): ${percentiles(times)}${dbTime}`);
  }

  if (database.kind === 'postgres') await compareWithBare(app, database, headers);

  const viewAll = () => app.inject({ method: 'GET', url: '/api/app/notifications/view-all', headers });
  const unread = () => db.execute(sql`update notifications set viewed = false where user_id = ${user.id}`);
  const statements = await countQueries(database, viewAll);
  const marks: number[] = [];
  for (let i = 0; i < 5; i++) {
    await unread();
    const started = performance.now();
    await viewAll();
    marks.push(performance.now() - started);
  }
  let dbTime = '';
  if (database.kind === 'postgres') {
    await unread();
    const explained = await explainRun(database, viewAll, unread);
    const update = explained.plans.find((p) => p.text.startsWith('update'));
    dbTime = `; database ${update?.ms.toFixed(2)} ms (EXPLAIN ANALYZE of the update)`;
    if (process.env.BENCH_PLAN) console.log(update?.plan);
  }
  console.log(
    `mark all read of ${notificationCount} unread (${statements} SQL statements, sign-in check included): ${percentiles(marks)}${dbTime}`,
  );

  // in batches: removing 10k users at once can outlast the statement timeout on a busy machine
  for (let i = 0; i < facilitators; i += 500) {
    await db.execute(sql`delete from users where id in (
      select id from users where username like ${`${mark}_%`} limit 500)`);
  }
  await db.execute(sql`delete from users where id = ${user.id}`);
  await app.close();
  await database.close();
}

/** Tend against the bare handler under load, first pages of two searches. */
async function compareWithBare(
  app: Awaited<ReturnType<typeof buildProductionApp>>,
  database: Awaited<ReturnType<typeof openDatabase>>,
  headers: Record<string, string>,
) {
  const loads = [
    { title: "'mindful morning'", paths: ['/api/app/facilitators?search=mindful%20morning'] },
    { title: "'yoga'", paths: ['/api/app/facilitators?search=yoga'] },
  ];
  await printTendStatements(database, () => app.inject({ method: 'GET', url: loads[0]!.paths[0]!, headers }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await startBareExplore(process.env.BENCH_DATABASE_URL!);
  const servers = { Tend: urlOf(app), bare: urlOf(bare) };
  const paths = searches.map((s) => `/api/app/facilitators${s ? `?search=${encodeURIComponent(s)}` : ''}`);
  await compareAnswers({ tend: servers.Tend, bare: servers.bare }, paths, headers);
  await compareUnderLoad({ servers, loads, rounds, seconds, connections, headers, database });
  await bare.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
