import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { batchedLogDestination, createLogger } from '../server/platform/logging';
import type { DatabaseHandle } from '../server/db/client';
import { describe, measure, type Round, sum, urlOf } from './bench-cpu';

/**
 * What the bare references (the minimal servers Tend's endpoints are measured against) share (the feed's is bench-feed-bare.ts): a Fastify 5
 * + node-postgres server with no plugins, no logging and no schemas, whose handlers send named
 * prepared statements and write their JSON by hand; the token check Tend makes on every request;
 * Tend itself started as in production; and the interleaved rounds that compare the two in one
 * process (bench-cpu.ts measures each round).
 */

/** Tend's session check (features/auth/sessions.ts, the user row and the session's dates), prepared once. */
const SESSION = {
  name: 'bare_session',
  text: `select u.*, s.expires_at, s.created_at as session_created_at, s.last_seen_at
    from auth_sessions s inner join users u on u.id = s.user_id
    where s.token_hash = $1 and s.expires_at > now() and s.created_at > now() - make_interval(days => $2)
    limit 1`,
};

/** The signed-in user as the bare handlers read it (snake_case columns of `users`). */
export type BareViewer = { id: string; is_admin: boolean; is_facilitator: boolean; time_zone: string };

export type Bare = {
  app: FastifyInstance;
  pool: pg.Pool;
  /** the user behind `Authorization: Bearer`, or null (Tend's rules: 20-200 characters, a live session) */
  viewer: (req: FastifyRequest) => Promise<BareViewer | null>;
};

/** Starts a bare server on a free port; `routes` adds its handlers. */
export async function startBare(databaseUrl: string, routes: (bare: Bare) => void, maxDays = 90) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 0 });
  const app = Fastify({ logger: false });
  const viewer = async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const token = header.slice(7).trim();
    if (token.length < 20 || token.length > 200) return null;
    const tokenHash = createHash('sha256').update(token).digest('base64url');
    const session = await pool.query<BareViewer>({ ...SESSION, values: [tokenHash, maxDays] });
    return session.rows[0] ?? null;
  };
  routes({ app, pool, viewer });
  app.addHook('onClose', () => pool.end());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** Writes `body` as Tend's production serializer does (plain JSON.stringify). */
export const sendJson = (reply: FastifyReply, body: unknown, status = 200) =>
  reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));

/** Tend as in production (plain JSON answers, request logs at info, to /dev/null), not yet listening. */
export const buildProductionApp = (database: DatabaseHandle) =>
  buildApp(testConfig({ env: 'production', logLevel: 'info', rateLimitFactor: 1000 }), {
    database,
    logger: createLogger({ logLevel: 'info', logFormat: 'json' }, batchedLogDestination('/dev/null')),
  });

/** Prints whether Tend and the bare server answer `path` with the same bytes (after `normalize`). */
export async function compareAnswers(
  servers: { tend: string; bare: string },
  paths: readonly string[],
  headers: Record<string, string>,
  normalize: (body: string) => string = (body) => body,
) {
  let same = true;
  for (const path of paths) {
    const [a, b] = await Promise.all(
      [servers.tend, servers.bare].map(async (base) => {
        const res = await fetch(base + path, { headers });
        return { status: res.status, next: res.headers.get('next-cursor'), body: normalize(await res.text()) };
      }),
    );
    const identical = a!.status === b!.status && a!.next === b!.next && a!.body === b!.body;
    same &&= identical;
    console.log(
      `${path.slice(0, 60).padEnd(60)} Tend and bare answers ${identical ? 'identical' : 'DIFFER'} (${a!.status}, ${a!.body.length} bytes${a!.next ? ', next-cursor header' : ''})`,
    );
    if (!identical)
      console.log(`  Tend ${a!.status} ${a!.body.slice(0, 300)}\n  bare ${b!.status} ${b!.body.slice(0, 300)}`);
  }
  return same;
}

/** Prints the statements Tend sends for `run`: named (prepared once per connection) or unnamed (planned each time). */
export async function printTendStatements(database: DatabaseHandle, run: () => Promise<unknown>) {
  const pool = database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> } | undefined;
  if (!pool) return;
  const original = pool.query;
  const sent: string[] = [];
  pool.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { name?: string; text: string };
    const text = typeof q === 'string' ? q : q.text;
    if (!/pgboss|live_presence|server_instances|mail_deliveries/.test(text))
      sent.push(`${typeof q !== 'string' && q.name ? `named ${q.name}` : 'unnamed'}: ${text}`);
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    pool.query = original;
  }
  for (const s of sent) console.log(`  Tend sends ${s.replace(/\s+/g, ' ').slice(0, 110)}...`);
}

export type Load = { title: string; paths: readonly string[] };

/**
 * Rounds interleaved (Tend, then bare, each load in turn) so both see the same machine; prints each
 * round, then per load the totals and the ratios: throughput Tend/bare and CPU per request
 * (Node + PostgreSQL) bare/Tend, 1.00x meaning Tend costs what the bare handler costs.
 * BENCH_ONLY=Tend or bare runs one of them (for node --cpu-prof).
 */
export async function compareUnderLoad(options: {
  servers: { Tend: string; bare?: string };
  loads: readonly Load[];
  rounds: number;
  seconds: number;
  connections: number;
  headers: Record<string, string>;
  database: DatabaseHandle;
}) {
  const { loads, rounds, seconds, connections, headers, database } = options;
  const servers = Object.entries(options.servers).filter(
    ([which, url]) => url && (!process.env.BENCH_ONLY || which === process.env.BENCH_ONLY),
  ) as [string, string][];
  const totals: Record<string, Round[]> = {};
  const width = Math.max(...loads.map((l) => l.title.length)) + 6;
  for (let round = 1; round <= rounds; round++) {
    for (const [which, base] of servers) {
      for (const load of loads) {
        const result = await measure(base, load.paths, { headers, connections, seconds, database });
        (totals[`${which} ${load.title}`] ??= []).push(result);
        console.log(`round ${round} ${`${which} ${load.title}`.padEnd(width)} ${describe([result])}`);
      }
    }
  }
  console.log(`\nsummary over ${rounds} interleaved rounds of ${seconds} s, ${connections} connections:`);
  for (const [name, list] of Object.entries(totals)) console.log(`${name.padEnd(width)} ${describe(list)}`);
  const rate = (l: Round[]) => sum(l, 'requests') / sum(l, 'seconds');
  const cpu = (l: Round[]) => (sum(l, 'nodeMs') + sum(l, 'pgMs')) / sum(l, 'requests');
  for (const load of loads) {
    const tend = totals[`Tend ${load.title}`];
    const bare = totals[`bare ${load.title}`];
    if (!tend || !bare) continue;
    console.log(
      `${load.title}: Tend/bare throughput ${(rate(tend) / rate(bare)).toFixed(2)}x, CPU per request (Node + PostgreSQL) bare/Tend ${(cpu(bare) / cpu(tend)).toFixed(2)}x`,
    );
  }
  return totals;
}

export { urlOf };
