import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDatabaseUrl, databaseFailureReason, DatabaseUrlError } from './database-url';

const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A local port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server's entry point as its own process: exit code and what it printed. */
function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: mkdtempSync(join(tmpdir(), 'tend-url-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

const silent: Server[] = [];
afterAll(() => {
  for (const server of silent) server.close();
});

describe('a bad DATABASE_URL at start', () => {
  it('prints one line naming the variable and the reason, no stack trace and no password, and exits 1', async () => {
    const port = await closedPort();
    const { code, stdout, stderr } = await runMain({ DATABASE_URL: `postgres://tend:s3cret@127.0.0.1:${port}/tend` });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([
      `Tend could not start: DATABASE_URL: connection refused at 127.0.0.1:${port} (ECONNREFUSED)`,
    ]);
    expect(stderr).not.toContain('s3cret');
  });

  it('gives up on a server that accepts the connection and never answers', async () => {
    const server = createServer(() => undefined);
    silent.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const check = checkDatabaseUrl(`postgres://tend@127.0.0.1:${port}/tend`, 300);
    await expect(check).rejects.toThrow(DatabaseUrlError);
    await expect(check).rejects.toThrow(`DATABASE_URL: no answer from 127.0.0.1:${port} within 0.3 s (timeout)`);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('names PostgreSQL’s own refusal, with its code', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/tend_no_such_database';
    await expect(checkDatabaseUrl(url.toString())).rejects.toThrow(
      'DATABASE_URL: database "tend_no_such_database" does not exist (3D000)',
    );
  });

  it('describes each kind of failure in one line', () => {
    const refused = (address: string) => Object.assign(new Error('x'), { code: 'ECONNREFUSED', address, port: 5432 });
    // 'localhost' tries ::1 then 127.0.0.1
    const both = Object.assign(new AggregateError([refused('::1'), refused('127.0.0.1')]), { code: 'ECONNREFUSED' });
    expect(databaseFailureReason(both)).toBe('connection refused at 127.0.0.1:5432 (ECONNREFUSED)');
    expect(databaseFailureReason(Object.assign(new Error('x'), { code: 'ENOTFOUND', hostname: 'db.example' }))).toBe(
      'host db.example not found (ENOTFOUND)',
    );
    const pgRefusal = Object.assign(new Error('password authentication failed for user "tend"\n  at ...'), {
      code: '28P01',
    });
    expect(databaseFailureReason(pgRefusal)).toBe('password authentication failed for user "tend" (28P01)');
    expect(databaseFailureReason(new Error('The server does not support SSL connections'))).toBe(
      'The server does not support SSL connections',
    );
  });
});
