import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { users } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/harness';
import { sharedSecret } from '../../platform/app-secret';
import { ownerSetupToken } from './policy';
import { ownerSetupLink } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;

describe('the setup link across instances', () => {
  it('another instance with the same secret prints the same link and accepts it; another secret’s token is refused', async () => {
    const second = await buildApp(testConfig(), { database: t.database });
    try {
      const link = await ownerSetupLink(t.app.ctx);
      expect(await ownerSetupLink(second.ctx)).toBe(link);
      expect((await second.inject({ method: 'GET', url: `/api/setup/owner?token=${tokenOf(link)}` })).statusCode).toBe(
        200,
      );
    } finally {
      await second.close();
    }
    const nonce = await sharedSecret(t.db, 'owner_setup_nonce');
    const foreign = ownerSetupToken('another-site-secret-another-site-secret', nonce);
    expect((await t.inject({ method: 'GET', url: `/api/setup/owner?token=${foreign}` })).statusCode).toBe(404);
  });

  it('limits attempts per IP with 429 and Retry-After', async () => {
    let last;
    for (let i = 0; i < 31; i++)
      last = await t.inject({ method: 'GET', url: `/api/setup/owner?token=guess${i}`, remoteAddress: '10.13.0.1' });
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

const RACERS = 10;

describe('several people opening the link at once', () => {
  it('racing posts make exactly one owner', async () => {
    const token = tokenOf(await ownerSetupLink(t.app.ctx));
    const answers = await Promise.all(
      // ten at once, so the transactions overlap: without the advisory lock this makes several owners on PostgreSQL
      Array.from({ length: RACERS }, (_, i) => i + 1).map((n) =>
        t.inject({
          method: 'POST',
          url: '/api/setup/owner',
          payload: { token, name: `Owner ${n}`, email: `owner${n}@example.test`, password: 'quiet-harbour-lantern-7' },
          remoteAddress: `10.14.0.${n}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(RACERS - 1).fill(404)]);
    const admins = await t.db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect(admins[0]!.email).toBe(`owner${winner + 1}@example.test`);
    expect(await ownerSetupLink(t.app.ctx)).toBeNull();
  });
});
