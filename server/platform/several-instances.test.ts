import { adminQuery, withDatabase } from '../test/database';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createMailer } from './mail';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../test/factories';
import { call } from '../test/harness';
import { codeIn, startMailbox } from '../test/mailbox';
import { multipart, wavTone } from '../test/media';

/**
 * Several instances: three servers started at once on one empty PostgreSQL
 * database (each with its own pool, as separate processes would have) all come up, and agree on
 * the generated app secret, so any instance serves any request.
 */
const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!url)('three instances on one PostgreSQL database', () => {
  const name = `tend_test_multi_${randomBytes(5).toString('hex')}`;
  const sharedFiles = mkdtempSync(join(tmpdir(), 'tend-shared-files-'));
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    await adminQuery(url!, `create database ${name}`);
    const u = withDatabase(url!, name);
    mailbox = await startMailbox();
    const start = () => {
      // no APP_SECRET: each instance must find the one the first generated into the database
      const config = testConfig({
        databaseUrl: u,
        appSecret: undefined,
        storageDir: sharedFiles,
        smtpUrl: mailbox.url,
      });
      const mailer = createMailer({ smtpUrl: mailbox.url, from: config.mailFrom, log: pino({ level: 'silent' }) });
      return buildApp(config, { mailer });
    };
    // all three migrate the empty database at once: the advisory lock lets one at a time in
    apps = await Promise.all([start(), start(), start()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await mailbox?.close();
    await adminQuery(url!, `drop database if exists ${name} with (force)`);
  });

  it('all three become healthy, with one app secret between them', async () => {
    expect(apps).toHaveLength(3);
    for (const app of apps) {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    }
    const secrets = new Set(apps.map((app) => app.ctx.config.appSecret));
    expect(secrets.size).toBe(1);
    expect([...secrets][0]!.length).toBeGreaterThanOrEqual(32);
    // each knows the other two are running
    expect(await apps[0]!.ctx.instances.others()).toHaveLength(2);
  });

  it('a confirmation code mailed through instance A is accepted by instance B', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const member = await buildUser(a.ctx.db, { emailConfirmed: false });
    expect((await call(a, 'GET', '/api/app/send-confirm', undefined, member.token)).json().status).toBe('sent');
    const code = codeIn(await mailbox.latest(member.user.email));
    const res = await call(b, 'POST', '/api/auth/confirm', { id: member.user.id, token: code });
    expect(res.json()).toEqual({ status: 'confirmed' });
  });

  it('a signed media URL given by instance A is served by instance C', async () => {
    const [a, , c] = apps as [FastifyInstance, FastifyInstance, FastifyInstance];
    const facilitator = await buildFacilitator(a.ctx.db);
    const body = await multipart({}, { name: 'tone.wav', bytes: wavTone(0.5) });
    const upload = await a.inject({
      method: 'POST',
      url: '/api/app/upload',
      headers: { ...body.headers, authorization: `Bearer ${facilitator.token}` },
      payload: body.payload,
    });
    const key = upload.json().url as string;
    const tier = await buildTier(a.ctx.db, facilitator.user.id);
    await buildContent(a.ctx.db, facilitator.user.id, [tier.id], { media: key, fileType: 'audio', title: 'Tone' });
    const member = await buildUser(a.ctx.db);
    await buildSubscription(a.ctx.db, member.user.id, tier.id);

    const { signedUrl } = (await call(a, 'GET', `/api/app/get-signed-url/${key}`, undefined, member.token)).json();
    const served = await c.inject({ method: 'GET', url: signedUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    // and a forged signature is still refused there
    // (a changed first character of the signature, whatever it was)
    const forged = signedUrl.replace(/sig=(.)/, (_: string, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect((await c.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });
});
