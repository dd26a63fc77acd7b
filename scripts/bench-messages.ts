/**
 * A chat room at scale (a room of 100k messages): seeds one room of two
 * members with `messages` messages (one a minute back from now, the two taking turns), counts the
 * SQL statements a page costs, times GET app/get-messages/{room} (server time p50/p99, and on
 * PostgreSQL the database time with EXPLAIN ANALYZE) on the latest page and on earlier pages
 * (keyset cursors). On PostgreSQL it then drives both with autocannon (BENCH_CONNECTIONS, 50 by
 * default, a child process) against Tend (as in production) and a bare Fastify + node-postgres
 * handler with the same SQL as named prepared statements (bench-messages-bare.ts), rounds
 * interleaved in this process, and prints throughput, p50/p99, CPU per request and the ratios.
 * PostgreSQL when BENCH_DATABASE_URL is set (a scratch database; the rows are removed
 * afterwards), PGlite in memory otherwise (Tend only).
 *   npx tsx scripts/bench-messages.ts [messages] [requests] [seconds per round] [rounds]
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { buildUser } from '../server/test/factories';
import { countQueries } from '../server/test/query-count';
import { buildProductionApp, compareAnswers, compareUnderLoad, printTendStatements, urlOf } from './bench-bare';
import { explainRun, percentiles } from './bench-explain';
import { startBareMessages } from './bench-messages-bare';

const messageCount = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 40);
const seconds = Number(process.argv[4] ?? 8);
const rounds = Number(process.argv[5] ?? 3);
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
  const { user: reader, token } = await buildUser(db, { name: 'Bench reader' });
  const { user: other } = await buildUser(db, { name: 'Bench writer' });
  const seeded = Date.now();
  const room = (
    (await db.execute(sql`
      insert into chat_rooms (pair_key) values (least(${reader.id}::text, ${other.id}::text) || ':' || greatest(${reader.id}::text, ${other.id}::text))
      returning id`)) as unknown as { rows: { id: string }[] }
  ).rows[0]!.id;
  await db.execute(
    sql`insert into chat_room_users (room_id, user_id) values (${room}, ${reader.id}), (${room}, ${other.id})`,
  );
  // in batches: one statement of 100k rows can outlast the statement timeout on a busy machine
  for (let start = 1; start <= messageCount; start += 20_000) {
    const end = Math.min(messageCount, start + 19_999);
    await db.execute(sql`
      insert into messages (room_id, user_id, text, created_at)
      select ${room}, case when i % 2 = 0 then ${reader.id}::uuid else ${other.id}::uuid end,
             'Message ' || i || ': how did the morning practice go today?', now() - i * interval '1 minute'
      from generate_series(${start}::int, ${end}::int) as i`);
  }
  await db.execute(sql`analyze messages; analyze chat_room_users`);
  console.log(
    `seeded a room of ${messageCount} messages in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const headers = { authorization: `Bearer ${token}` };
  const latest = `/api/app/get-messages/${room}`;
  // cursors spread through the room, for the earlier pages
  const earlier: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 400; page++) {
    const url: string = `${latest}${cursor ? `?cursor=${cursor}` : ''}`;
    const res = await app.inject({ method: 'GET', url, headers });
    cursor = (res.headers['next-cursor'] as string | undefined) ?? null;
    if (!cursor) break;
    if (page % 20 === 0) earlier.push(`${latest}?cursor=${cursor}`);
  }
  for (const [title, paths] of [
    ['latest page', [latest]],
    [`${earlier.length} earlier pages`, earlier],
  ] as const) {
    const get = (i: number) => app.inject({ method: 'GET', url: paths[i % paths.length]!, headers });
    const statements = await countQueries(database, () => get(0));
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await get(i);
      times.push(performance.now() - started);
    }
    let dbTime = '';
    if (database.kind === 'postgres') {
      const explained = await explainRun(database, () => get(paths.length - 1));
      dbTime = `; database ${explained.totalMs.toFixed(2)} ms over ${explained.statements} statements (EXPLAIN ANALYZE)`;
    }
    console.log(`${title} (${statements} SQL statements, sign-in check included): ${percentiles(times)}${dbTime}`);
  }

  if (database.kind === 'postgres') {
    await printTendStatements(database, () => app.inject({ method: 'GET', url: earlier[0] ?? latest, headers }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const bare = await startBareMessages(process.env.BENCH_DATABASE_URL!);
    const servers = { Tend: urlOf(app), bare: urlOf(bare) };
    await compareAnswers({ tend: servers.Tend, bare: servers.bare }, [latest, ...earlier.slice(0, 3)], headers);
    await compareUnderLoad({
      servers,
      loads: [
        { title: 'latest page', paths: [latest] },
        { title: 'earlier pages', paths: earlier },
      ],
      rounds,
      seconds,
      connections,
      headers,
      database,
    });
    await bare.close();
  }

  await db.execute(sql`delete from chat_rooms where id = ${room}`);
  await db.execute(sql`delete from users where id in (${reader.id}, ${other.id})`);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
