import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import { createMailer } from '../platform/mail';
import { createTestDatabase } from './database';
import { startMailbox } from './mailbox';
import pino from 'pino';

/** One app on an isolated database with a real SMTP mailbox; call `close` in afterAll. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  mailboxOptions: Parameters<typeof startMailbox>[0] = {},
) {
  const database = await createTestDatabase();
  const mailbox = await startMailbox(mailboxOptions);
  const config = testConfig({ smtpUrl: mailbox.url, ...overrides });
  const mailer = createMailer({ smtpUrl: mailbox.url, from: config.mailFrom, log: pino({ level: 'silent' }) });
  const app = await buildApp(config, { database, mailer });
  await app.ready();
  return {
    app,
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

/** A JSON call like the web client makes, with an optional Bearer token. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
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
