import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { siteSettings, users } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SITE = {
  siteName: 'Tend',
  logoUrl: '',
  accentColor: '#15803d',
  senderName: '',
  senderAddress: '',
  termsMarkdown: '',
  privacyMarkdown: '',
  contactMarkdown: '',
};
const setSiteAllows = (allowed: boolean) =>
  t.db.update(siteSettings).set({ membersMayBecomeFacilitators: allowed }).where(eq(siteSettings.id, 1));
const become = (
  token: string | undefined,
  body: object = { bio: 'I teach breathwork.', facilitatorCategory: 'Breath' },
) => call(t.app, 'POST', '/api/app/me/become-facilitator', body, token);
const profileOf = async (token: string) => (await call(t.app, 'GET', '/api/app/profile', undefined, token)).json();

beforeEach(async () => {
  await call(t.app, 'GET', '/api/site');
  await setSiteAllows(true);
});

describe('POST app/me/become-facilitator', () => {
  it('turns a member into a facilitator with their profile fields; whoami and Settings follow', async () => {
    const sam = await buildUser(t.db);
    expect(await profileOf(sam.token)).toMatchObject({ isFacilitator: false, mayBecomeFacilitator: true });
    const res = await become(sam.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      isFacilitator: true,
      bio: 'I teach breathwork.',
      facilitatorCategory: 'Breath',
    });
    const whoami = (await call(t.app, 'GET', '/api/auth/whoami', undefined, sam.token)).json();
    expect(whoami).toMatchObject({ isFacilitator: true });
    expect(await profileOf(sam.token)).toMatchObject({ isFacilitator: true, mayBecomeFacilitator: false });
    // the facilitator's own tools open to them
    expect((await call(t.app, 'GET', '/api/app/facilitator/dashboard', undefined, sam.token)).statusCode).toBe(200);
  });

  it('refuses a visitor (401), a facilitator (409) and bad input (400), changing nothing', async () => {
    expect((await become(undefined)).statusCode).toBe(401);
    const maya = await buildFacilitator(t.db, { bio: 'Before' });
    const again = await become(maya.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'already_facilitator', message: 'You are already a facilitator.' });
    const [row] = await t.db.select().from(users).where(eq(users.id, maya.user.id));
    expect(row!.bio).toBe('Before');
    const sam = await buildUser(t.db);
    expect((await become(sam.token, { bio: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await become(sam.token, { facilitatorCategory: 'x'.repeat(81) })).statusCode).toBe(400);
    expect(await profileOf(sam.token)).toMatchObject({ isFacilitator: false });
  });

  it('is refused (403) and not offered while the site turns self-service off; an admin turns it back on', async () => {
    const admin = await buildAdmin(t.db);
    const off = await call(
      t.app,
      'POST',
      '/api/admin/site',
      { ...SITE, membersMayBecomeFacilitators: false },
      admin.token,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ membersMayBecomeFacilitators: false });
    const sam = await buildUser(t.db);
    expect(await profileOf(sam.token)).toMatchObject({ mayBecomeFacilitator: false });
    const refused = await become(sam.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'becoming_facilitator_off' });
    // a save without the field keeps the choice
    expect((await call(t.app, 'POST', '/api/admin/site', SITE, admin.token)).json()).toMatchObject({
      membersMayBecomeFacilitators: false,
    });
    await call(t.app, 'POST', '/api/admin/site', { ...SITE, membersMayBecomeFacilitators: true }, admin.token);
    expect((await become(sam.token)).statusCode).toBe(200);
  });

  it('two calls at once turn the member once: one 200, one 409', async () => {
    const sam = await buildUser(t.db);
    const codes = (await Promise.all([become(sam.token), become(sam.token)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
  });
});
