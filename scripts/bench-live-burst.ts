/**
 * A burst of websockets signing in at once (499 of 500 closed with 4001 under load,
 * because the 5 s sign-in timer counted the server's own session lookup). Opens `sockets`
 * connections at once (10 per member, from 127.0.0.1-5 so the per-IP cap of 100 holds), first
 * with the database free, then with the sessions table locked for 7 s (a server slower than the
 * timer), and prints how each socket ended: ready, or closed with which code.
 * Uses PostgreSQL when BENCH_DATABASE_URL is set, PGlite in memory otherwise.
 *   npx tsx scripts/bench-live-burst.ts [sockets]
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import WebSocket from 'ws';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildUser } from '../server/test/factories';

const total = Number(process.argv[2] ?? 500);
const perMember = 10;

type Outcome = 'ready' | number;

function signIn(base: string, token: string, localAddress: string) {
  return new Promise<{ outcome: Outcome; socket: WebSocket }>((resolve) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/live`, { localAddress });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'ready') resolve({ outcome: 'ready', socket });
    });
    socket.on('close', (code) => resolve({ outcome: code, socket }));
    socket.on('error', () => undefined);
  });
}

async function burst(title: string, base: string, tokens: string[]) {
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: total }, (_, i) =>
      signIn(base, tokens[Math.floor(i / perMember)]!, `127.0.0.${1 + Math.floor(i / 100)}`),
    ),
  );
  const counts = new Map<Outcome, number>();
  for (const { outcome } of results) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  const summary = [...counts].map(([outcome, n]) => `${outcome === 'ready' ? 'ready' : `closed ${outcome}`}: ${n}`);
  console.log(`${title.padEnd(44)} ${summary.join(', ')}  (all settled in ${Date.now() - started} ms)`);
  await Promise.all(
    results.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  const app = await buildApp(testConfig({ rateLimitFactor: 1000 }), { database, logger: pino({ level: 'silent' }) });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens: string[] = [];
  for (let i = 0; i < Math.ceil(total / perMember); i++) tokens.push((await buildUser(database.db)).token);
  console.log(`${total} websockets signing in at once (${database.kind})`);

  await burst('database free', base, tokens);

  let unlock = () => {};
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holding = database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table auth_sessions in access exclusive mode`);
    locked();
    await new Promise<void>((resolve) => {
      unlock = resolve;
    });
  });
  await isLocked;
  const release = setTimeout(() => unlock(), 7_000);
  await burst('session lookup held 7 s (timer is 5 s)', base, tokens);
  clearTimeout(release);
  unlock();
  await holding;

  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
