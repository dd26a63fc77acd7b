/**
 * The e2e stack in one process: Tend on PGlite in a fresh temp folder, a real SMTP mailbox it
 * sends to, and a small fixture service the journeys use to read mail and create users with
 * flags the UI cannot set yet (two-factor on, admin).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/features/auth/passwords';
import { startMailbox } from '../../server/test/mailbox';
import { E2E } from './ports';
import { endSession } from './seed-after-session';
import { seedCourse, seedListening, seedPaidPlans, seedPractice } from './seed-practice';
import { seedStripeSubscribers } from './seed-stripe-subscribers';

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tend-e2e-'));
  const mailbox = await startMailbox();
  const config = {
    ...loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      // explicit, as an operator trying Tend in production would set it: every page then says so
      PAYMENTS_MODE: 'test',
      PORT: String(E2E.appPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E.baseURL,
      DATA_DIR: dataDir,
      SMTP_URL: mailbox.url,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    }),
    databaseUrl: undefined,
    // journeys sign in many times from 127.0.0.1
    rateLimitFactor: 20,
    // the content import journey serves its podcast feed on the loopback
    importFromLoopback: true,
  };
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });

  const fixtures = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === 'GET' && url.pathname === '/mail') {
        const subject = url.searchParams.get('subject');
        return send(200, await mailbox.latest(url.searchParams.get('to')!, subject ? new RegExp(subject) : undefined));
      }
      if (req.method === 'POST' && url.pathname === '/users') {
        let raw = '';
        for await (const chunk of req) raw += chunk;
        const { password, newAccount, ...fields } = JSON.parse(raw);
        // an established account (past the new-account brakes) unless the journey asks for a new one
        const createdAt = newAccount ? new Date() : new Date(Date.now() - 30 * 24 * 3_600_000);
        const [row] = await app.ctx.db
          .insert(users)
          .values({ emailConfirmed: true, createdAt, ...fields, passwordHash: await hashPassword(password) })
          .returning({ id: users.id });
        return send(200, row);
      }
      if (req.method === 'POST' && url.pathname === '/practice') {
        // a facilitator's daily tier with two queued audio practices, and the member subscribed today
        let raw = '';
        for await (const chunk of req) raw += chunk;
        const { memberId } = JSON.parse(raw) as { memberId: string };
        return send(200, await seedPractice(app.ctx, memberId));
      }
      if (req.method === 'POST' && url.pathname === '/paid-plans') return send(200, await seedPaidPlans(app.ctx));
      if (req.method === 'POST' && url.pathname === '/stripe-subscribers')
        return send(200, await seedStripeSubscribers(app.ctx));
      if (req.method === 'POST' && url.pathname === '/course') {
        // a course of three lessons posted today, bought by the member
        let raw = '';
        for await (const chunk of req) raw += chunk;
        const { memberId } = JSON.parse(raw) as { memberId: string };
        return send(200, await seedCourse(app.ctx, memberId));
      }
      if (req.method === 'POST' && url.pathname === '/listening') {
        // two one-minute recordings posted today, the first with a cover image
        let raw = '';
        for await (const chunk of req) raw += chunk;
        const { memberId } = JSON.parse(raw) as { memberId: string };
        return send(200, await seedListening(app.ctx, memberId));
      }
      if (req.method === 'POST' && url.pathname === '/ended-session') {
        // a booked session moved into the past, some members joined, its end-of-session job run
        let raw = '';
        for await (const chunk of req) raw += chunk;
        return send(200, await endSession(app.ctx, JSON.parse(raw)));
      }
      send(404, { error: 'unknown fixture' });
    } catch (err) {
      send(500, { error: String(err) });
    }
  });
  fixtures.listen(E2E.fixturePort, '127.0.0.1');

  const stop = async () => {
    fixtures.close();
    await app.close();
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
