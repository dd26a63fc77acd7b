/**
 * How long Tend takes to come back after `kill -9` on PGlite, and where the
 * time goes.
 *   npx tsx scripts/bench-pglite-restart.ts [burstSeconds=10] [rounds=3] [walMb=200]
 * Each round: a server (tsx server/main.ts) on one PGlite DATA_DIR takes a burst of registrations
 * (each writes a user, a session, a rate-limit counter and a mail job) from many local addresses,
 * and is killed with SIGKILL while requests are in flight. The crashed folder is copied twice:
 * one copy is opened by a child process that times each phase of openDatabase (WASM start and
 * crash recovery, migrations check, first query), the other is started as a real server and timed
 * to its first /healthz. The same phases are then timed on the folder after a clean stop, which
 * is what a restart costs without any recovery. Last, `walMb` of rows are written into a copy
 * and the writer killed, without and with the checkpoint schedule of server/db/client.ts: how the
 * WAL left since the last checkpoint (all of it, without the schedule) drives the recovery time.
 * Figures are wall/CPU ms: on a shared machine the CPU figure is the one an idle machine shows.
 *   npx tsx scripts/bench-pglite-restart.ts --phases <dataDir>   (one timing, as JSON)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = 3478;
const main = ['--import', 'tsx', 'server/main.ts'];

/** wall ms / CPU ms of each phase: the CPU figure is what an idle machine would take */
type Phases = Record<'module' | 'open' | 'migrate' | 'firstQuery' | 'close', string>;

async function timePhases(dataDir: string): Promise<Phases> {
  let t = performance.now();
  let cpu = process.cpuUsage();
  const lap = () => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    const figure = `${Math.round(now - t)}/${Math.round((used.user + used.system) / 1000)}`;
    t = now;
    cpu = process.cpuUsage();
    return figure;
  };
  const { openDatabase } = await import('../server/db/client');
  const module = lap();
  const database = await openDatabase({ dataDir });
  const open = lap();
  await database.migrate();
  const migrate = lap();
  await database.ping();
  const firstQuery = lap();
  await database.close();
  return { module, open, migrate, firstQuery, close: lap() };
}

/**
 * A long-lived server's WAL in a few seconds: `mb` of rows written through openDatabase, with the
 * app's checkpoint schedule (compressed to every 100 ms) or none (as Tend ran before it had one), then
 * SIGKILL. Prints the WAL left to replay.
 */
async function writeThenDie(dataDir: string, mb: number, checkpoints: boolean) {
  const { openDatabase, scheduleCheckpoints, PGLITE_CHECKPOINTS } = await import('../server/db/client');
  const database = await openDatabase({ dataDir });
  const pglite = database.pglite!;
  if (checkpoints) scheduleCheckpoints(pglite, { ...PGLITE_CHECKPOINTS, everyMs: 100 });
  await pglite.exec('create table if not exists bench_scratch (body text)');
  for (let i = 0; i < mb * 10; i++) {
    await pglite.query(`insert into bench_scratch select repeat('x', 1000) || g from generate_series(1, 100) g`);
    await new Promise((r) => setImmediate(r));
  }
  const { rows } = await pglite.query<{ behind: string }>(
    'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::text as behind from pg_control_checkpoint()',
  );
  process.stdout.write(String(Math.round(Number(rows[0]!.behind) / 1e5) / 10));
  process.kill(process.pid, 'SIGKILL');
}

/** This script again as a child process; what it printed */
function child(args: string[], okSignal?: string): Promise<string> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-pglite-restart.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (chunk) => (out += chunk));
  return new Promise((resolve, reject) =>
    proc.on('exit', (code, signal) =>
      code === 0 || (okSignal && signal === okSignal) ? resolve(out) : reject(new Error(`${args[0]} exited ${code}`)),
    ),
  );
}

const phasesInChild = async (dataDir: string): Promise<Phases> => JSON.parse(await child(['--phases', dataDir]));

function startServer(dataDir: string) {
  const started = performance.now();
  const child = spawn(process.execPath, main, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    // the development mailer prints every mail; shown only if the server fails
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  const healthy = waitHealthy(child, started).catch((err) => {
    console.error(output);
    throw err;
  });
  return { child, healthy };
}

async function waitHealthy(child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return Math.round(performance.now() - started);
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const stopped = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));

/** One registration from `address` (127.x.y.z: the per-IP limit is per address); its status, or 0 */
function register(address: string, n: number): Promise<number> {
  const body = JSON.stringify({
    user: {
      name: `Bench ${n}`,
      username: `bench${n}_${Date.now() % 1e6}`,
      email: `bench${n}.${Date.now()}@example.com`,
      password: 'a long bench password 123',
      confirmPassword: 'a long bench password 123',
      isFacilitator: false,
      tos: true,
    },
  });
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: address,
        method: 'POST',
        path: '/api/auth/register',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** Writes from `loops` clients until the server is killed after `seconds`; acknowledged writes. */
async function burstThenKill(child: ChildProcess, seconds: number, round: number, loops = 6) {
  let acknowledged = 0;
  let killed = false;
  let n = round * 1_000_000;
  const client = async (id: number) => {
    while (!killed) {
      const address = `127.${round + 1}.${id}.${(n % 250) + 1}`;
      if ((await register(address, n++)) === 200) acknowledged++;
    }
  };
  const clients = Array.from({ length: loops }, (_, id) => client(id));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  child.kill('SIGKILL');
  killed = true;
  await Promise.all(clients);
  await stopped(child);
  return acknowledged;
}

function sizeMb(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return Math.round(bytes / 1e5) / 10;
}

async function bench() {
  const seconds = Number(process.argv[2] ?? 10);
  const rounds = Number(process.argv[3] ?? 3);
  const walWriteMb = Number(process.argv[4] ?? 200);
  const dataDir = mkdtempSync(join(tmpdir(), 'tend-crash-'));
  const first = startServer(dataDir);
  console.log(`first start on an empty folder (migrations included): ${await first.healthy} ms`);
  let server = first;
  for (let round = 0; round < rounds; round++) {
    const acknowledged = await burstThenKill(server.child, seconds, round);
    const wal = sizeMb(join(dataDir, 'pglite', 'pg_wal'));
    console.log(
      `round ${round + 1}: ${acknowledged} registrations acknowledged in ${seconds} s, then kill -9; ` +
        `data ${sizeMb(dataDir)} MB, pg_wal ${wal} MB`,
    );
    const forPhases = mkdtempSync(join(tmpdir(), 'tend-crash-copy-'));
    cpSync(dataDir, forPhases, { recursive: true });
    console.log('  reopen after the crash, by phase (wall/CPU ms):', await phasesInChild(forPhases));
    rmSync(forPhases, { recursive: true, force: true });
    server = startServer(dataDir);
    console.log(`  server restart after the crash to /healthz: ${await server.healthy} ms`);
  }
  server.child.kill('SIGTERM');
  await stopped(server.child);
  console.log('reopen after a clean stop, by phase (wall/CPU ms):', await phasesInChild(dataDir));

  // the WAL a long-lived server leaves to replay, with and without the checkpoint schedule
  for (const checkpoints of [false, true]) {
    const copy = mkdtempSync(join(tmpdir(), 'tend-crash-wal-'));
    cpSync(dataDir, copy, { recursive: true });
    const walMb = await child(['--write', copy, String(walWriteMb), String(checkpoints)], 'SIGKILL');
    console.log(
      `${walWriteMb} MB written ${checkpoints ? 'with' : 'without'} checkpoints, kill -9: ${walMb} MB of WAL to replay;` +
        ' reopen by phase (wall/CPU ms):',
      await phasesInChild(copy),
    );
    rmSync(copy, { recursive: true, force: true });
  }
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv[2] === '--phases') {
  process.stdout.write(JSON.stringify(await timePhases(process.argv[3]!)));
} else if (process.argv[2] === '--write') {
  await writeThenDie(process.argv[3]!, Number(process.argv[4]), process.argv[5] === 'true');
} else {
  await bench();
}
