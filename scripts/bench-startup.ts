/**
 * Start-up time to /healthz and resident memory of the compiled server (node dist/server/main.js)
 * against the same source run through tsx, alternated in one run so both meet the same machine.
 *   npx tsx scripts/bench-startup.ts [rounds=3]
 * Needs a current build (`npm run build`). Each start gets a fresh PGlite DATA_DIR that was
 * migrated once beforehand, so the figures are a restart's, not a first install's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const rounds = Number(process.argv[2] ?? 3);
const port = 3477;
const variants = {
  compiled: ['node', ['dist/server/main.js']],
  tsx: ['node', ['--import', 'tsx', 'server/main.ts']],
} as const;

function rssOf(pid: number): number {
  // the server's own resident set (kB → MB), read from /proc like `ps -o rss`
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function waitHealthy(child: ChildProcess, started: number) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function startOnce(name: keyof typeof variants, template: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `tend-bench-${name}-`));
  cpSync(template, dataDir, { recursive: true });
  const [cmd, args] = variants[name];
  const started = performance.now();
  const child = spawn(cmd, [...args], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  try {
    const ms = await waitHealthy(child, started);
    // settle, then read memory after a few requests
    for (let i = 0; i < 20; i++) await fetch(`http://127.0.0.1:${port}/`);
    return { ms, rss: rssOf(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  // one migrated data folder that every start copies
  const template = mkdtempSync(join(tmpdir(), 'tend-bench-template-'));
  const first = spawn('node', ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: template, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await waitHealthy(first, performance.now());
  first.kill('SIGTERM');
  await new Promise((r) => first.once('exit', r));

  const results: Record<string, { ms: number; rss: number }[]> = { compiled: [], tsx: [] };
  for (let i = 0; i < rounds; i++) {
    for (const name of ['compiled', 'tsx'] as const) results[name]!.push(await startOnce(name, template));
  }
  rmSync(template, { recursive: true, force: true });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [name, runs] of Object.entries(results)) {
    const ms = runs.map((r) => r.ms);
    const rss = runs.map((r) => r.rss);
    console.log(
      `${name.padEnd(9)} start to /healthz: median ${(median(ms) / 1000).toFixed(2)} s (${ms.map((m) => (m / 1000).toFixed(2)).join(', ')})  RSS: median ${median(rss).toFixed(0)} MB (${rss.map((r) => r.toFixed(0)).join(', ')})`,
    );
  }
  const c = median(results.compiled!.map((r) => r.ms));
  const t = median(results.tsx!.map((r) => r.ms));
  console.log(`compiled starts in ${((c / t) * 100).toFixed(0)}% of tsx's time`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
