/**
 * The inspiration feed under load: seeds 100k posts, 1M hearts and 300k comments from 2,000
 * members, counts the SQL queries one feed page costs, then drives GET app/inspiration with
 * autocannon (50 connections) on the first page and on deep pages (keyset cursors), and prints
 * p50/p99 latency and throughput. Uses PostgreSQL when BENCH_DATABASE_URL is set (a scratch
 * database it fills; the rows are removed afterwards), PGlite in memory otherwise.
 *   npx tsx scripts/bench-feed.ts [posts] [seconds]
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildUser } from '../server/test/factories';
import { countQueries } from '../server/test/query-count';
import { benchGets } from './bench-http';

const postCount = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 15);
const memberCount = 2_000;
const heartsPerPost = 10;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  const app = await buildApp(testConfig({ rateLimitFactor: 1000 }), { database });
  const { db } = database;
  const { user, token } = await buildUser(db, { name: 'Bench reader' });
  const mark = `bench_${user.id.slice(0, 8)}`;

  const seeded = Date.now();
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
  const hearts = (
    (await db.execute(sql`select count(*)::int as n from post_hearts`)) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  console.log(
    `seeded ${postCount} posts, ${hearts} hearts, ${postCount * 3} comments from ${memberCount} members in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`,
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
  const run = benchGets(app, { connections, seconds, headers });

  await run('first page (20 posts)', ['/api/app/inspiration']);
  await run(
    'deep pages via cursor',
    cursors.map((c) => `/api/app/inspiration?cursor=${c}`),
  );

  const plan = (await db.execute(sql`
    explain analyze select id from posts where group_id is null and (created_at, id) < (now() - interval '100 days', 'ffffffff-ffff-ffff-ffff-ffffffffffff')
    order by created_at desc, id desc limit 21`)) as unknown as { rows: Record<string, string>[] };
  console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));

  await db.execute(sql`delete from users where username like ${`${mark}_%`} or id = ${user.id}`);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
