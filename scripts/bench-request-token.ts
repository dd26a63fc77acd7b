/**
 * Account enumeration by timing: POST auth/request-token for a known and for an
 * unknown address, interleaved, through a real HTTP listener; prints the median and p90 of each
 * and their difference. The answer is the same for both; so should the time be (within 10%).
 * Mails go to a local SMTP mailbox. PGlite in memory, or BENCH_DATABASE_URL (a scratch database).
 *   npx tsx scripts/bench-request-token.ts [rounds]
 */
import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildUser } from '../server/test/factories';
import { startMailbox } from '../server/test/mailbox';

const rounds = Number(process.argv[2] ?? 200);

/** The measuring client: interleaved known and unknown addresses, 25 ms apart, after a warm-up. */
const CLIENT = `
const { parentPort, workerData: { base, known, rounds } } = require('node:worker_threads');
const post = async (email) => {
  const started = process.hrtime.bigint();
  const res = await fetch(base + '/api/auth/request-token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, confirmEmail: email }) });
  await res.text();
  return Number(process.hrtime.bigint() - started) / 1e6;
};
(async () => {
  const times = { known: [], unknown: [] };
  for (let i = 0; i < 20; i++) await post(known);
  for (let i = 0; i < rounds; i++) {
    for (const kind of i % 2 ? ['known', 'unknown'] : ['unknown', 'known']) {
      times[kind].push(await post(kind === 'known' ? known : 'nobody@example.test'));
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  parentPort.postMessage(times);
})();
`;

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  const mailbox = await startMailbox();
  const app = await buildApp(testConfig({ smtpUrl: mailbox.url, rateLimitFactor: 100_000 }), { database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const known = (await buildUser(database.db)).user.email;
  // the client runs in a worker thread: the server's work after its answer (the mail) must not
  // hold up the client's own event loop, as it would if both shared one (a real client is remote)
  const worker = new Worker(CLIENT, { eval: true, workerData: { base, known, rounds } });
  const times = await new Promise<{ known: number[]; unknown: number[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const stat = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;
  for (const kind of ['known', 'unknown'] as const) {
    console.log(
      `${kind.padEnd(8)} median ${stat(times[kind], 0.5).toFixed(2)} ms  p90 ${stat(times[kind], 0.9).toFixed(2)} ms  (${rounds} requests)`,
    );
  }
  const diff = (stat(times.known, 0.5) - stat(times.unknown, 0.5)) / stat(times.unknown, 0.5);
  console.log(`median difference: ${(diff * 100).toFixed(1)}% (known vs unknown)`);
  await app.close();
  await mailbox.close?.();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
