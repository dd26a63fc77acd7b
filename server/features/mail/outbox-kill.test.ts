import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { rawRows } from '../../platform/jobs/test/raw-rows';
import { waitFor } from '../../platform/jobs/test/wait-for';
import { startWorkerProcess } from '../../platform/jobs/test/worker-process';
import { createTestDatabase } from '../../test/database';

const WORKER = fileURLToPath(new URL('./test/kill-mail-worker.ts', import.meta.url));
const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * An SMTP server that, the first time, takes the message and never answers it (the sender is
 * killed while it waits), and accepts every later one: `accepted` holds what was acknowledged.
 */
async function startStallingSmtp() {
  const accepted: string[] = [];
  let stalled = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (stalled === 0) {
            stalled++;
            return; // no reply: the sender is killed while it waits for '250'
          }
          accepted.push(mail.subject ?? '');
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    accepted,
    stalled: () => stalled,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let dir: string;
let database: DatabaseHandle | undefined;
let smtp: Awaited<ReturnType<typeof startStallingSmtp>>;
const children: ChildProcess[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tend-kill-mail-'));
  smtp = await startStallingSmtp();
  if (onPostgres) database = await createTestDatabase();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const startWorker = (mode: 'first' | 'second') =>
  startWorkerProcess(
    WORKER,
    {
      MODE: mode,
      SMTP_URL: smtp.url,
      DATABASE_URL: database?.url ?? '',
      DATA_DIR: database ? '' : join(dir, 'data'),
    },
    children,
  );

it(`a mail job killed with SIGKILL while SMTP is taking the mail is sent once after the restart (${onPostgres ? 'postgres' : 'pglite'})`, async () => {
  const first = startWorker('first');
  await waitFor('the first try to reach SMTP', () => smtp.stalled() > 0, 60_000);
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  expect(smtp.accepted).toEqual([]);

  const second = startWorker('second');
  expect(await second.exited, second.output()).toBe(0);
  expect(smtp.accepted).toEqual(['Sent once']);

  const handle = database ?? (await openDatabase({ dataDir: join(dir, 'data') }));
  try {
    const jobs = await rawRows(handle, `select state::text as state from pgboss.job where name = 'mail'`, []);
    expect(jobs).toEqual([{ state: 'completed' }]);
    const deliveries = await rawRows(handle, `select key from mail_deliveries`, []);
    expect(deliveries).toEqual([{ key: 'kill-mail' }]);
  } finally {
    if (!database) await handle.close();
  }
}, 100_000);
