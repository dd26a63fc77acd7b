/**
 * Debian's nginx in front of two Tend instances on one fresh PostgreSQL database, for
 * e2e/chat-through-nginx.spec.ts. nginx runs the shipped site file, deploy/nginx.conf, with only
 * its ports, paths, host name and certificate swapped (a self-signed one made by openssl here).
 *
 *   browser --https--> nginx (round robin) --> Tend A (127.0.0.1:a) --+
 *                                          --> Tend B (127.0.0.1:b) --+-- PostgreSQL (LISTEN/NOTIFY)
 *
 * Every process started here is ended by `stop()` (and killed if the test process exits first).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import pg from 'pg';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DEPLOY_NGINX_CONF = join(root, 'deploy', 'nginx.conf');
const COMPILED_SERVER = join(root, 'dist', 'server', 'main.js');

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;

/** The nginx binary (PATH, then the sbin folders a non-root PATH may lack), or undefined. */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const file = join(dir, 'nginx');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Whether the PostgreSQL server behind `url` answers within a few seconds. */
export async function postgresAnswers(url = testDatabaseUrl()) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A port nothing listens on right now (on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** One line of deploy/nginx.conf's `tend_upstream` access log. */
export type AccessEntry = { method: string; path: string; status: number; userAgent: string; upstream: string };

const ACCESS_LINE = /"(\S+) (\S+) [^"]*" (\d{3}) \d+ "[^"]*" "([^"]*)" upstream=(\S+) /;

export function parseAccessLog(text: string): AccessEntry[] {
  return text
    .split('\n')
    .map((line) => ACCESS_LINE.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, method, path, status, userAgent, upstream]) => ({
      method: method!,
      path: path!,
      status: Number(status),
      userAgent: userAgent!,
      upstream: upstream!,
    }));
}

/**
 * deploy/nginx.conf made runnable here: loopback ports instead of 80/443, the two instances'
 * ports, our certificate and log folder, host name localhost. Each swap must find its text, so an
 * edit of the deploy file that this test no longer understands fails loudly instead of testing
 * something else.
 */
export function siteForTest(
  conf: string,
  o: {
    upstreamPorts: [number, number];
    httpPort: number;
    httpsPort: number;
    certDir: string;
    logDir: string;
    acmeDir: string;
  },
) {
  const swaps: [string, string][] = [
    ['server 127.0.0.1:3000 ', `server 127.0.0.1:${o.upstreamPorts[0]} `],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${o.upstreamPorts[1]} `],
    ['listen 80;', `listen 127.0.0.1:${o.httpPort};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${o.httpsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['/etc/letsencrypt/live/community.example.com/', `${o.certDir}/`],
    ['/var/log/nginx/', `${o.logDir}/`],
    ['root /var/www/letsencrypt;', `root ${o.acmeDir};`],
    ['server_name community.example.com;', 'server_name localhost;'],
  ];
  for (const [from, to] of swaps) {
    if (!conf.includes(from))
      throw new Error(`deploy/nginx.conf no longer contains "${from}": update e2e/support/nginx-stack.ts`);
    conf = conf.split(from).join(to);
  }
  return conf;
}

/** How a Tend instance is started: the compiled server when built, else the TypeScript source. */
export function tendCommand(): { args: string[]; compiled: boolean } {
  if (existsSync(COMPILED_SERVER)) return { args: [COMPILED_SERVER], compiled: true };
  return { args: ['--import', 'tsx', join(root, 'server', 'main.ts')], compiled: false };
}

const live = new Set<ChildProcess>();
// a test process that dies leaves no server behind
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function track(child: ChildProcess) {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

const tail = (file: string, chars = 3000) => {
  try {
    return readFileSync(file, 'utf8').slice(-chars);
  } catch {
    return '(no output)';
  }
};

/** Polls `probe` until it resolves true; fails early when `died` says a process is gone. */
async function waitFor(what: string, probe: () => Promise<boolean>, died: () => string | undefined, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const gone = died();
    if (gone) throw new Error(`${what}: ${gone}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The user agent of the requests this helper sends through nginx itself. */
export const NUDGE_AGENT = 'tend-e2e/nudge';

/** GET over HTTPS trusting only our certificate; resolves with the status code. */
function httpsStatus(url: string, ca: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpsGet(url, { ca, timeout: 3000, headers: { 'user-agent': NUDGE_AGENT } }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', fail);
  });
}

export type NginxStack = Awaited<ReturnType<typeof startNginxStack>>;

export async function startNginxStack(opts: { nginx: string; adminUrl?: string }) {
  const dir = mkdtempSync(join(tmpdir(), 'tend-e2e-nginx-'));
  // nginx's workers (user nobody when started as root) write their temp files under here
  chmodSync(dir, 0o755);
  const adminUrl = opts.adminUrl ?? testDatabaseUrl();
  const dbName = `tend_e2e_nginx_${randomBytes(4).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    return url.toString();
  })();
  const processes: { name: string; child: ChildProcess; log: string }[] = [];
  let pool: pg.Pool | undefined;
  let nginx: ChildProcess | undefined;
  let dbCreated = false;

  const stop = async () => {
    try {
      await stopProcess(nginx, 'SIGTERM');
      await Promise.all(processes.map(({ child }) => stopProcess(child, 'SIGTERM')));
      await pool?.end().catch(() => undefined);
      if (dbCreated) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        try {
          await admin.query(`drop database if exists ${dbName} with (force)`);
        } finally {
          await admin.end();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  try {
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await admin.connect();
    try {
      await admin.query(`create database ${dbName}`);
      dbCreated = true;
    } finally {
      await admin.end();
    }

    const [portA, portB, httpsPort, httpPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const url = `https://localhost:${httpsPort}`;

    // separate data folders, one shared folder of uploaded files (config: storage = DATA_DIR/files)
    const shared = join(dir, 'shared-files');
    mkdirSync(shared);
    const command = tendCommand();
    const startTend = (name: string, port: number) => {
      const dataDir = join(dir, `data-${name}`);
      mkdirSync(dataDir);
      symlinkSync(shared, join(dataDir, 'files'));
      const log = join(dir, `tend-${name}.log`);
      const out = openSync(log, 'a');
      const child = track(
        spawn(process.execPath, command.args, {
          cwd: root,
          stdio: ['ignore', out, out],
          env: {
            // nothing of the developer's own Tend settings leaks in
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            LANG: process.env.LANG,
            TZ: process.env.TZ,
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: url,
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
            TRUST_PROXY: 'true',
            LOG_LEVEL: 'info',
            LOG_FORMAT: 'json',
          },
        }),
      );
      closeSync(out);
      processes.push({ name, child, log });
      return child;
    };
    // both at once, as a deploy starts them: migrations and the app secret are settled in the database
    startTend('a', portA);
    startTend('b', portB);
    const died = () => {
      const gone = processes.find(({ child }) => child.exitCode !== null || child.signalCode !== null);
      return gone && `Tend ${gone.name} exited (${gone.child.exitCode ?? gone.child.signalCode}):\n${tail(gone.log)}`;
    };
    await Promise.all(
      [portA, portB].map((port) =>
        waitFor(`Tend on ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, died, 45_000),
      ),
    );

    // a certificate for localhost, and nginx with the deploy site file
    const certDir = join(dir, 'certs');
    const logDir = join(dir, 'logs');
    const acmeDir = join(dir, 'acme');
    for (const d of [certDir, logDir, acmeDir, join(dir, 'temp')]) mkdirSync(d);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        join(certDir, 'privkey.pem'),
        '-out',
        join(certDir, 'fullchain.pem'),
      ],
      { stdio: 'pipe' },
    );
    const ca = readFileSync(join(certDir, 'fullchain.pem'), 'utf8');
    const site = siteForTest(readFileSync(DEPLOY_NGINX_CONF, 'utf8'), {
      upstreamPorts: [portA, portB],
      httpPort,
      httpsPort,
      certDir,
      logDir,
      acmeDir,
    });
    writeFileSync(join(dir, 'site.conf'), site);
    const temp = (kind: string) => `${kind}_temp_path ${join(dir, 'temp', kind)};`;
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        // one worker: round robin's turn is per worker, so the alternation is exact
        'worker_processes 1;',
        `pid ${join(dir, 'nginx.pid')};`,
        `error_log ${join(logDir, 'error.log')} warn;`,
        'events { worker_connections 512; }',
        'http {',
        '  default_type application/octet-stream;',
        // the site logs to its own file; nothing goes to the system's /var/log/nginx
        '  access_log off;',
        `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
        `  include ${join(dir, 'site.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const nginxLog = join(logDir, 'nginx-stderr.log');
    const nginxOut = openSync(nginxLog, 'a');
    nginx = track(
      spawn(
        opts.nginx,
        ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(logDir, 'error.log'), '-g', 'daemon off;'],
        {
          stdio: ['ignore', nginxOut, nginxOut],
        },
      ),
    );
    closeSync(nginxOut);
    const nginxDied = () => {
      if (nginx!.exitCode === null && nginx!.signalCode === null) return died();
      return `nginx exited (${nginx!.exitCode ?? nginx!.signalCode}):\n${tail(nginxLog)}\n${tail(join(logDir, 'error.log'))}`;
    };
    await waitFor('nginx', async () => (await httpsStatus(`${url}/healthz`, ca)) === 200, nginxDied, 10_000);

    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const db = pool;
    const accessLogFile = join(logDir, 'tend.access.log');
    const accessLog = () => parseAccessLog(existsSync(accessLogFile) ? readFileSync(accessLogFile, 'utf8') : '');

    return {
      /** The site as the browser reaches it (nginx, TLS). */
      url,
      /** nginx's plain-HTTP port, which redirects to HTTPS. */
      httpUrl: `http://localhost:${httpPort}`,
      /** The addresses nginx writes as `$upstream_addr`. */
      upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
      compiled: command.compiled,
      databaseUrl,
      dir,
      query: <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => db.query<R>(text, values),
      accessLog,
      /**
       * One request through nginx from outside the browsers: moves round robin on by one turn.
       * Resolves with the instance that answered it (so the next request goes to the other one).
       */
      async nudge() {
        const before = accessLog().filter((e) => e.userAgent === NUDGE_AGENT).length;
        const status = await httpsStatus(`${url}/healthz`, ca);
        if (status !== 200) throw new Error(`nginx answered ${status} to GET /healthz`);
        // nginx writes the line just after the answer: wait for it
        for (let waited = 0; ; waited += 20) {
          const nudges = accessLog().filter((e) => e.userAgent === NUDGE_AGENT);
          if (nudges.length > before) return nudges.at(-1)!.upstream;
          if (waited > 3000) throw new Error('nginx did not log the request');
          await new Promise((r) => setTimeout(r, 20));
        }
      },
      /** What the two instances and nginx printed, for a failing test's report. */
      logs: () =>
        [
          ...processes.map(({ name, log }) => `--- Tend ${name}\n${tail(log, 4000)}`),
          `--- nginx\n${tail(join(logDir, 'error.log'))}`,
        ].join('\n'),
      /** Users straight into the database (the fixture service of the other journeys is not here). */
      async createUser(fields: { name: string; handle: string; password: string; isFacilitator?: boolean }) {
        const email = `${fields.handle}@example.test`;
        const { rows } = await db.query<{ id: string }>(
          `insert into users (name, username, email, password_hash, email_confirmed, is_facilitator)
           values ($1, $2, $3, $4, true, $5) returning id`,
          [
            fields.name,
            fields.handle,
            email,
            await hash(fields.password, { algorithm: 2, memoryCost: 19456, timeCost: 2 }),
            fields.isFacilitator ?? false,
          ],
        );
        return { id: rows[0]!.id, name: fields.name, email };
      },
      stop,
    };
  } catch (err) {
    const logs = processes.map(({ name, log }) => `--- Tend ${name}\n${tail(log)}`).join('\n');
    await stop().catch(() => undefined);
    if (err instanceof Error && logs) err.message += `\n${logs}`;
    throw err;
  }
}
