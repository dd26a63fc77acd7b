import type { FastifyInstance, InjectOptions } from 'fastify';
import { type BuildOptions, buildApp } from '../app';
import { testConfig, type Config } from '../config';
import { createMailer } from '../platform/mail';
import { openDatabase } from '../db/client';
import { createTestDatabase, TEST_DATABASE_TIMEOUTS } from './database';
import { startMailbox } from './mailbox';
import pino from 'pino';

/** One app on an isolated database with a real SMTP mailbox; call `close` in afterAll. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  mailboxOptions: Parameters<typeof startMailbox>[0] = {},
  buildOptions: Pick<BuildOptions, 'clock'> = {},
) {
  const database = await createTestDatabase();
  const mailbox = await startMailbox(mailboxOptions);
  const config = testConfig({ smtpUrl: mailbox.url, ...overrides });
  const mailer = createMailer({ smtpUrl: mailbox.url, from: config.mailFrom, log: pino({ level: 'silent' }) });
  const app = await buildApp(config, { database, mailer, ...buildOptions });
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    database,
    mailbox,
    inject: (opts: InjectOptions) => app.inject(opts),
    close: async () => {
      await app.close();
      await mailbox.close();
      await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * A second server instance on the test app's database, as another process would be: its own pool
 * on PostgreSQL, the same handle on PGlite (which has one connection), the same config and
 * mailbox. Its `close` leaves the database to the first app.
 */
export async function startSecondInstance(t: TestApp) {
  const ownPool = t.database.url
    ? await openDatabase({ databaseUrl: t.database.url, timeouts: TEST_DATABASE_TIMEOUTS })
    : undefined;
  const mailer = createMailer({ smtpUrl: t.mailbox.url, from: t.config.mailFrom, log: pino({ level: 'silent' }) });
  const app = await buildApp(t.config, { database: ownPool ?? t.database, mailer });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await ownPool?.close();
    },
  };
}

/** A JSON call like the web client makes, with an optional Bearer token. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  token?: string,
) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
