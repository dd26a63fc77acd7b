import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../server/db/client';

/**
 * CPU per request on a loaded machine: the load generator (autocannon) runs in a child process so
 * its CPU is not counted; Node's CPU is this process's `cpuUsage`, PostgreSQL's the sum of the
 * backends connected to the bench database (`/proc/{pid}/stat`, clock ticks of 10 ms).
 */
export type Round = { requests: number; seconds: number; p50: number; p99: number; nodeMs: number; pgMs: number };

export const urlOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

/** CPU ticks so far of each backend connected to the bench database. */
export async function postgresBackends(database: DatabaseHandle): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  if (!database.pool) return ticks;
  const result = (await database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as unknown as { rows: { pid: number }[] };
  for (const { pid } of result.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the backend ended
    }
  }
  return ticks;
}

/** PostgreSQL CPU ms between two snapshots: a backend opened in between counts from zero. */
const pgMsBetween = (before: Map<number, number>, after: Map<number, number>) => {
  let total = 0;
  for (const [pid, t] of after) total += t - (before.get(pid) ?? 0);
  return total * 10;
};

const LOAD = `
const autocannon = require('autocannon');
const o = JSON.parse(process.argv[1]);
let next = 0;
autocannon({ url: o.url, connections: o.connections, duration: o.seconds, headers: o.headers,
  requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: o.paths[next++ % o.paths.length] }) }] },
  (err, r) => { if (err) throw err; console.log(JSON.stringify({ requests: r.requests.total, p50: r.latency.p50,
    p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors })); });`;

/** One round of load on `url` + `paths` (requested in turn). */
export async function measure(
  url: string,
  paths: readonly string[],
  options: { headers: Record<string, string>; connections: number; seconds: number; database: DatabaseHandle },
): Promise<Round> {
  const cpu = process.cpuUsage();
  const pg = await postgresBackends(options.database);
  const started = performance.now();
  // BENCH_MARKS=1: the round's start and end on the monotonic clock, in µs (a --cpu-prof profile's time base)
  const mark = (what: string) =>
    process.env.BENCH_MARKS && console.log(`  mark ${process.hrtime.bigint() / 1000n} ${what}`);
  mark('start');
  const output = await new Promise<string>((resolve, reject) => {
    const { headers, connections, seconds } = options;
    const child = spawn(process.execPath, ['-e', LOAD, JSON.stringify({ url, paths, headers, connections, seconds })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`load generator exited ${code}`))));
  });
  mark('end');
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const pgMs = pgMsBetween(pg, await postgresBackends(options.database));
  const r = JSON.parse(output) as { requests: number; p50: number; p99: number; non2xx: number; errors: number };
  mark(`requests ${r.requests}`);
  if (r.non2xx || r.errors) console.log(`  ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { requests: r.requests, seconds, p50: r.p50, p99: r.p99, nodeMs: (used.user + used.system) / 1000, pgMs };
}

export const sum = (list: Round[], key: keyof Round) => list.reduce((n, r) => n + r[key], 0);
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Throughput, latency (medians over the rounds) and CPU per request. */
export function describe(list: Round[]) {
  const requests = sum(list, 'requests');
  const rate = requests / sum(list, 'seconds');
  const node = sum(list, 'nodeMs') / requests;
  const pg = sum(list, 'pgMs') / requests;
  return `${rate.toFixed(0).padStart(5)} req/s  p50 ${median(list.map((r) => r.p50))} ms  p99 ${median(list.map((r) => r.p99))} ms  CPU/req Node ${node.toFixed(2)} ms + PostgreSQL ${pg.toFixed(2)} ms`;
}
