import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFacilitator, buildGroup, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET app/own-group', () => {
  it("lists the caller's own groups only, hidden ones included", async () => {
    const { user, token } = await buildFacilitator(t.db);
    const mine = await buildGroup(t.db, user.id, { name: 'Circle', isHidden: true });
    const other = await buildUser(t.db);
    await buildGroup(t.db, other.user.id, { name: 'Not mine' });
    const res = await call(t.app, 'GET', '/api/app/own-group', undefined, token);
    expect(res.json()).toEqual([expect.objectContaining({ _id: mine.id, name: 'Circle', isHidden: true })]);
  });

  it('refuses visitors', async () => {
    expect((await call(t.app, 'GET', '/api/app/own-group')).statusCode).toBe(401);
  });
});

describe("a tier's associated group", () => {
  it("links one of the owner's groups and refuses anyone else's", async () => {
    const { user, token } = await buildFacilitator(t.db);
    const mine = await buildGroup(t.db, user.id);
    const theirs = await buildGroup(t.db, (await buildUser(t.db)).user.id);
    const base = { name: 'Linked', type: 'subscription', price: 0 };
    const ok = await call(t.app, 'POST', '/api/app/tier/new', { ...base, associatedGroup: mine.id }, token);
    expect(ok.json().associatedGroup).toBe(mine.id);
    const refused = await call(t.app, 'POST', '/api/app/tier/new', { ...base, associatedGroup: theirs.id }, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('not_own_group');
    const edit = await call(t.app, 'POST', `/api/app/tier/${ok.json()._id}`, { associatedGroup: theirs.id }, token);
    expect(edit.statusCode).toBe(400);
  });
});

describe('GET app/group', () => {
  it('pages My Groups newest first with the next-cursor header, no group twice, absent at the end', async () => {
    const { user, token } = await buildUser(t.db);
    const made = [];
    // distinct creation times: groups made within one millisecond would fall back to the id order
    const start = Date.now() - 60_000;
    for (let i = 0; i < 5; i++) {
      made.push(await buildGroup(t.db, user.id, { name: `Mine ${i}`, createdAt: new Date(start + i * 1000) }));
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await call(
        t.app,
        'GET',
        `/api/app/group?tab=mine&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        token,
      );
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((g: { _id: string }) => g._id));
      cursor = res.headers['next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(made.map((g) => g.id).reverse());
    expect(cursor).toBeUndefined();
  });

  it('answers 400 invalid_cursor for a forged cursor', async () => {
    const { token } = await buildUser(t.db);
    const res = await call(t.app, 'GET', '/api/app/group?tab=explore&cursor=forged', undefined, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_cursor');
  });
});
