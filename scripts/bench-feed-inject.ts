/**
 * Node CPU per feed request without sockets (app.inject, 8 at a time): Tend against the bare
 * handler over rows seeded by bench-feed.ts (BENCH_KEEP=1), rounds interleaved. Isolates the JS
 * each server spends per request from the network and the load generator.
 *   BENCH_DATABASE_URL=... npx tsx scripts/bench-feed-inject.ts [requests per round] [rounds]
 */
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { batchedLogDestination, createLogger } from '../server/platform/logging';
import { openDatabase } from '../server/db/client';
import { buildUser } from '../server/test/factories';
import { startBareFeed } from './bench-feed-bare';

const perRound = Number(process.argv[2] ?? 3000);
const rounds = Number(process.argv[3] ?? 5);

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  const app = await buildApp(testConfig({ env: 'production', logLevel: 'info', rateLimitFactor: 1000 }), {
    database,
    logger: createLogger({ logLevel: 'info', logFormat: 'json' }, batchedLogDestination('/dev/null')),
  });
  const { user, token } = await buildUser(database.db, { name: 'Inject reader' });
  const headers = { authorization: `Bearer ${token}` };
  const first = await app.inject({ method: 'GET', url: '/api/app/inspiration', headers });
  const deep = `/api/app/inspiration?cursor=${first.json().next}`;
  const bare = await startBareFeed(process.env.BENCH_DATABASE_URL!);
  const servers = Object.fromEntries(
    Object.entries({ Tend: app, bare }).filter(
      ([which]) => !process.env.BENCH_ONLY || which === process.env.BENCH_ONLY,
    ),
  );
  const totals: Record<string, number[]> = {};
  for (let round = 0; round < rounds; round++) {
    for (const [which, server] of Object.entries(servers)) {
      for (const [title, url] of [
        ['first', '/api/app/inspiration'],
        ['deep', deep],
      ] as const) {
        const cpu = process.cpuUsage();
        let sent = 0;
        const worker = async () => {
          while (sent++ < perRound) {
            const res = await server.inject({ method: 'GET', url, headers });
            if (res.statusCode !== 200) throw new Error(`${which} ${res.statusCode}`);
          }
        };
        await Promise.all(Array.from({ length: 8 }, worker));
        const used = process.cpuUsage(cpu);
        (totals[`${which} ${title}`] ??= []).push((used.user + used.system) / 1000 / perRound);
      }
    }
  }
  for (const [name, list] of Object.entries(totals)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(12)} Node CPU per request: min ${sorted[0]!.toFixed(3)} ms, median ${sorted[sorted.length >> 1]!.toFixed(3)} ms  (${list.map((v) => v.toFixed(3)).join(' ')})`,
    );
  }
  await database.db.execute(`delete from users where id = '${user.id}'` as never);
  await bare.close();
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
