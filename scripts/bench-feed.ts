/**
 * The inspiration feed under load: seeds 100k posts, 1M hearts and 300k comments from 2,000
 * members, counts the SQL queries one feed page costs, then drives GET app/inspiration with
 * autocannon (50 connections, a child process) on the first page and on deep pages (keyset
 * cursors). With PostgreSQL (BENCH_DATABASE_URL, a scratch database it fills; the rows are removed
 * afterwards, or kept with BENCH_KEEP=1 and reused by the next run with as many posts) a bare Fastify + node-postgres handler with named prepared statements
 * (bench-feed-bare.ts) serves the same SQL in the same process, rounds interleaved, and the script
 * prints both: throughput, p50/p99, CPU per request (Node + PostgreSQL backends) and the ratios.
 * Tend runs as in production (plain JSON answers, request logs at info through the production
 * logger, batched, to /dev/null).
 * Before the rounds, each server takes BENCH_WARMUP seconds (3) of unmeasured load on each kind of page.
 * PGlite in memory otherwise (Tend only).
 *   npx tsx scripts/bench-feed.ts [posts] [seconds per round] [rounds]
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { batchedLogDestination, createLogger } from '../server/platform/logging';
import { type DatabaseHandle, openDatabase } from '../server/db/client';
import { buildUser } from '../server/test/factories';
import { countQueries } from '../server/test/query-count';
import { describe, measure, type Round, sum, urlOf } from './bench-cpu';
import { startBareFeed } from './bench-feed-bare';

const postCount = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 8);
const rounds = Number(process.argv[4] ?? 3);
/** Seconds of unmeasured load on each server and page before the rounds (BENCH_WARMUP). */
const warmUp = Number(process.env.BENCH_WARMUP ?? 3);
const memberCount = 2_000;
const heartsPerPost = 10;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main() {
  // seeding 10M hearts (1M posts) on a busy machine takes more than 15 minutes
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    timeouts: { connectMs: 30_000, statementMs: 3_600_000, answerMs: 3_600_000 },
  });
  await database.migrate();
  const app = await buildApp(testConfig({ env: 'production', logLevel: 'info', rateLimitFactor: 1000 }), {
    database,
    logger: createLogger({ logLevel: 'info', logFormat: 'json' }, batchedLogDestination('/dev/null')),
  });
  const { db } = database;
  // BENCH_KEEP=1 leaves the seeded rows in the scratch database for the next run with as many posts
  const mark = 'bench_feed';
  const keep = process.env.BENCH_KEEP === '1';
  const seeded = Date.now();
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const already = await rowsOf(
    sql`select count(*)::int as n from posts p join users u on u.id = p.user_id where u.username like ${`${mark}_%`}`,
  );
  if (already !== postCount) {
    await db.execute(sql`delete from users where username like ${`${mark}_%`}`);
    await seed(db, mark, postCount);
  }
  // the reader signs in after the seed: a session older than five minutes is marked seen on its next request
  const { user, token } = await buildUser(db, { name: 'Bench reader' });
  const hearts = await rowsOf(sql`select count(*)::int as n from post_hearts`);
  console.log(
    `${already === postCount ? 'reused' : 'seeded'} ${postCount} posts, ${hearts} hearts, ${postCount * 3} comments from ${memberCount} members in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const headers = { authorization: `Bearer ${token}` };
  // queries for one page, at two page sizes: the count must not grow with the posts shown
  for (const limit of [5, 50]) {
    let shown = 0;
    const queries = await countQueries(database, async () => {
      shown = (await app.inject({ method: 'GET', url: `/api/app/inspiration?limit=${limit}`, headers })).json().posts
        .length;
    });
    console.log(`one page of ${shown} posts: ${queries} SQL statements (sign-in check included)`);
  }

  if (database.pool) {
    const pool = database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const original = pool.query;
    const sent: string[] = [];
    pool.query = function (this: unknown, ...args: unknown[]) {
      const q = args[0] as string | { name?: string; text: string };
      if (typeof q === 'string' || !/pgboss|live_presence|server_instances/.test(q.text))
        sent.push(typeof q === 'string' ? `unnamed: ${q}` : `${q.name ? `named ${q.name}` : 'unnamed'}: ${q.text}`);
      return original.apply(this, args);
    };
    await app.inject({ method: 'GET', url: '/api/app/inspiration', headers });
    pool.query = original;
    for (const s of sent) console.log(`  Tend sends ${s.replace(/\s+/g, ' ').slice(0, 110)}...`);
  }

  // cursors deep in the feed, for the paging run
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200 && cursors.length < 50; page++) {
    const res: { json: () => { next: string | null } } = await app.inject({
      method: 'GET',
      url: `/api/app/inspiration?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      headers,
    });
    cursor = res.json().next;
    if (!cursor) break;
    if (page % 4 === 3) cursors.push(cursor);
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = database.pool ? await startBareFeed(process.env.BENCH_DATABASE_URL!) : null;
  const tendUrl = urlOf(app);
  const deep = cursors.map((c) => `/api/app/inspiration?cursor=${c}`);
  if (bare) {
    // the same bytes from both, on the first page and a deep one
    for (const path of ['/api/app/inspiration', deep[0] ?? '/api/app/inspiration']) {
      const [a, b] = await Promise.all(
        [tendUrl, urlOf(bare)].map((u) => fetch(u + path, { headers }).then((r) => r.text())),
      );
      console.log(
        `${path.slice(0, 40)}: Tend and bare answers ${a === b ? 'identical' : 'DIFFER'} (${a.length} bytes)`,
      );
    }
  }
  // BENCH_ONLY=Tend or bare: one of them (for node --cpu-prof)
  const servers = Object.fromEntries(
    Object.entries(bare ? { Tend: tendUrl, bare: urlOf(bare) } : { Tend: tendUrl }).filter(
      ([which]) => !process.env.BENCH_ONLY || which === process.env.BENCH_ONLY,
    ),
  );
  // BENCH_PAGES=first or deep: one kind of page only
  const pages = (
    [
      ['first page', ['/api/app/inspiration']],
      ['deep pages', deep],
    ] as const
  ).filter(([title]) => !process.env.BENCH_PAGES || title.startsWith(process.env.BENCH_PAGES));
  // an unmeasured warm-up of each server on each kind of page: otherwise the first round's first
  // measurement (Tend's first page) also pays for compiling its code paths (V8's JIT) and filling
  // the pools, which the ones after it find done (that round read 0.69x where the next two read 0.95x and 0.91x)
  for (const base of Object.values(servers))
    for (const [, paths] of pages) await measure(base, paths, { headers, connections, seconds: warmUp, database });
  const totals: Record<string, Round[]> = {};
  for (let round = 1; round <= rounds; round++) {
    // the order turns each round (Tend first, then bare first), so a load that rises or falls
    // through the run weighs on both alike
    const order = Object.entries(servers);
    if (round % 2 === 0) order.reverse();
    for (const [which, base] of order) {
      for (const [title, paths] of pages) {
        const result = await measure(base, paths, { headers, connections, seconds, database });
        (totals[`${which} ${title}`] ??= []).push(result);
        console.log(`round ${round} ${`${which} ${title}`.padEnd(18)} ${describe([result])}`);
      }
    }
  }
  console.log(`\nsummary over ${rounds} interleaved rounds of ${seconds} s, ${connections} connections:`);
  for (const [name, list] of Object.entries(totals)) console.log(`${name.padEnd(18)} ${describe(list)}`);
  for (const title of ['first page', 'deep pages']) {
    const tend = totals[`Tend ${title}`];
    const ref = totals[`bare ${title}`];
    if (!tend || !ref) continue;
    const rate = (l: Round[]) => sum(l, 'requests') / sum(l, 'seconds');
    const cpu = (l: Round[]) => (sum(l, 'nodeMs') + sum(l, 'pgMs')) / sum(l, 'requests');
    const node = (l: Round[]) => sum(l, 'nodeMs') / sum(l, 'requests');
    // each round's own throughput ratio, and their median: one round spoiled by a burst of load elsewhere moves it less
    const perRound = tend.map((r, i) => r.requests / r.seconds / (ref[i]!.requests / ref[i]!.seconds));
    const middle = [...perRound].sort((a, b) => a - b)[Math.floor(perRound.length / 2)]!;
    console.log(
      `${title}: Tend/bare throughput ${(rate(tend) / rate(ref)).toFixed(2)}x (median round ${middle.toFixed(2)}x), ` +
        `CPU per request bare/Tend ${(cpu(ref) / cpu(tend)).toFixed(2)}x (Node alone ${(node(ref) / node(tend)).toFixed(2)}x)`,
    );
  }
  await bare?.close();

  const plan = (await db.execute(sql`
    explain analyze select id from posts where group_id is null and (created_at, id) < (now() - interval '100 days', 'ffffffff-ffff-ffff-ffff-ffffffffffff')
    order by created_at desc, id desc limit 21`)) as unknown as { rows: Record<string, string>[] };
  console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));

  await db.execute(
    keep
      ? sql`delete from users where id = ${user.id}`
      : sql`delete from users where username like ${`${mark}_%`} or id = ${user.id}`,
  );
  await app.close();
  await database.close();
}

/** 2,000 members, their posts (one every ~5 minutes back from now), 10 hearts and 3 comments each. */
async function seed(db: DatabaseHandle['db'], mark: string, postCount: number) {
  await db.execute(sql`
    insert into users (name, username, email, password_hash, email_confirmed)
    select 'Bench member ' || i, ${mark} || '_' || i, ${mark} || '_' || i || '@bench.test', 'x', true
    from generate_series(1, ${memberCount}) as i`);
  await db.execute(sql`create temporary table bench_members as
    select row_number() over (order by id) - 1 as n, id from users where username like ${`${mark}_%`}`);
  await db.execute(sql`analyze bench_members`);
  // inspiration posts, one every ~5 minutes back from now
  await db.execute(sql`
    insert into posts (user_id, text, created_at)
    select m.id, 'Bench post ' || i || ': today I sat with the breath for twenty minutes.',
           now() - (i * interval '5 minutes') - (random() * interval '4 minutes')
    from generate_series(1, ${postCount}) as i join bench_members m on m.n = i % ${memberCount}`);
  await db.execute(sql`create temporary table bench_posts as
    select row_number() over (order by p.id) - 1 as n, p.id from posts p join bench_members m on m.id = p.user_id`);
  await db.execute(sql`analyze bench_posts`);
  await db.execute(sql`
    insert into post_hearts (post_id, user_id)
    select p.id, m.id from bench_posts p cross join generate_series(0, ${heartsPerPost - 1}) as j
    join bench_members m on m.n = (p.n * 7 + j * 131) % ${memberCount}`);
  await db.execute(sql`
    insert into comments (post_id, user_id, text)
    select p.id, m.id, 'Thank you for sharing' from bench_posts p cross join generate_series(0, 2) as j
    join bench_members m on m.n = (p.n * 13 + j * 17) % ${memberCount}`);
  await db.execute(sql`analyze posts; analyze post_hearts; analyze comments; analyze users`);
  await db.execute(sql`drop table bench_members; drop table bench_posts`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
