/**
 * The admin tables under load (100k users stay fast): seeds 100k users (one in ten a
 * facilitator) and one group with 20k posts, 5 hearts and 2 comments each, counts the SQL
 * statements one page costs, then drives GET admin/user (newest first, sorted by email deep into
 * the list through keyset cursors, sorted by the facilitator flag), GET admin/facilitator with a
 * search and GET admin/group/{id}/posts sorted by hits with autocannon, printing p50/p99 latency
 * and throughput. Uses PostgreSQL when BENCH_DATABASE_URL is set (a scratch database; the rows are
 * removed afterwards), PGlite in memory otherwise.
 *   npx tsx scripts/bench-admin.ts [users] [seconds]
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildAdmin, buildGroup } from '../server/test/factories';
import { countQueries } from '../server/test/query-count';
import { benchGets } from './bench-http';

const userCount = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 10);
const postCount = 20_000;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  const app = await buildApp(testConfig({ rateLimitFactor: 1000 }), { database });
  const { db } = database;
  const { user: admin, token } = await buildAdmin(db, { name: 'Bench admin' });
  const mark = `bench_${admin.id.slice(0, 8)}`;

  const seeded = Date.now();
  await db.execute(sql`
    insert into users (name, username, email, password_hash, is_facilitator, created_at)
    select 'Bench person ' || i, ${mark} || '_' || i, md5(i::text) || '_' || ${mark} || '@bench.test', 'x', i % 10 = 0,
           now() - (i * interval '1 minute')
    from generate_series(1, ${userCount}) as i`);
  const group = await buildGroup(db, admin.id, { name: 'Bench group' });
  await db.execute(sql`
    insert into posts (user_id, group_id, text, hits, created_at)
    select ${admin.id}, ${group.id}, 'Bench post ' || i, (i * 7919) % 1000, now() - (i * interval '1 minute')
    from generate_series(1, ${postCount}) as i`);
  await db.execute(sql`create temporary table bench_people as
    select row_number() over (order by id) - 1 as n, id from users where username like ${`${mark}_%`} limit 5000`);
  await db.execute(sql`
    insert into post_hearts (post_id, user_id)
    select p.id, m.id from (select id, row_number() over () as n from posts where group_id = ${group.id}) p
    cross join generate_series(0, 4) as j join bench_people m on m.n = (p.n * 7 + j * 131) % 5000`);
  await db.execute(sql`
    insert into comments (post_id, user_id, text)
    select p.id, ${admin.id}, 'Thank you' from posts p cross join generate_series(0, 1) as j where p.group_id = ${group.id}`);
  for (const table of ['users', 'posts', 'post_hearts', 'comments']) await db.execute(sql.raw(`analyze ${table}`));
  console.log(
    `seeded ${userCount} users and ${postCount} group posts in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const headers = { authorization: `Bearer ${token}` };
  const get = async (url: string) => (await app.inject({ method: 'GET', url, headers })).json();
  for (const url of [
    '/api/admin/user?limit=10',
    '/api/admin/user?limit=50&sort=email',
    `/api/admin/group/${group.id}/posts?limit=50&sort=hits&dir=desc`,
  ]) {
    const queries = await countQueries(database, () => get(url));
    console.log(`${url.replace(group.id, '{id}')}: ${queries} SQL statements (sign-in check included)`);
  }

  // cursors spread over the whole email order, for the deep-paging run
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 400; page++) {
    const body: { nextCursor: string | null } = await get(
      `/api/admin/user?limit=500&sort=email${cursor ? `&after=${cursor}` : ''}`,
    );
    cursor = body.nextCursor;
    if (!cursor) break;
    if (page % 4 === 0) cursors.push(cursor);
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  const run = benchGets(app, { connections, seconds, headers });

  await run('users, newest first (page 1)', ['/api/admin/user?limit=10']);
  await run(
    `users by email, ${cursors.length} deep pages`,
    cursors.map((c) => `/api/admin/user?limit=10&sort=email&after=${c}`),
  );
  await run('users by facilitator flag', ['/api/admin/user?limit=10&sort=isFacilitator&dir=desc']);
  await run('facilitators searched', ['/api/admin/facilitator?limit=10&search=person%2012']);
  await run('group posts by hits (20k posts)', [`/api/admin/group/${group.id}/posts?limit=10&sort=hits&dir=desc`]);

  await db.execute(sql`delete from users where username like ${`${mark}_%`} or id = ${admin.id}`);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
