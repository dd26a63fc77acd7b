import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('admin tags and the audit log', () => {
  it('refuses every call to visitors (401) and to members and facilitators (403)', async () => {
    const [member, facilitator] = [await buildUser(t.db), await buildFacilitator(t.db)];
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<['GET' | 'POST' | 'DELETE', string, unknown]> = [
      ['GET', '/api/admin/tag', undefined],
      ['GET', `/api/admin/tag/${id}`, undefined],
      ['POST', '/api/admin/tag', { text: 'x' }],
      ['POST', `/api/admin/tag/${id}`, { text: 'x' }],
      ['DELETE', `/api/admin/tag/${id}`, undefined],
      ['GET', '/api/admin/audit', undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(t.app, method, url, body)).statusCode, `${method} ${url} as visitor`).toBe(401);
      expect((await call(t.app, method, url, body, member.token)).statusCode, `${method} ${url} as member`).toBe(403);
      expect(
        (await call(t.app, method, url, body, facilitator.token)).statusCode,
        `${method} ${url} as facilitator`,
      ).toBe(403);
    }
  });

  it('lets an admin add, rename and delete a tag, each written to the audit log', async () => {
    const admin = await buildAdmin(t.db, { email: `admin_${Date.now()}@example.test` });
    const created = (await call(t.app, 'POST', '/api/admin/tag/new', { text: 'Stillness' }, admin.token)).json();
    expect(created.text).toBe('Stillness');
    expect((await call(t.app, 'POST', '/api/admin/tag', { text: 'Stillness' }, admin.token)).statusCode).toBe(409);
    expect((await call(t.app, 'POST', '/api/admin/tag/new', { text: ' ' }, admin.token)).statusCode).toBe(400);
    const renamed = (await call(t.app, 'POST', `/api/admin/tag/${created._id}`, { text: 'Calm' }, admin.token)).json();
    expect(renamed).toEqual({ _id: created._id, text: 'Calm' });
    expect((await call(t.app, 'GET', '/api/admin/tag', undefined, admin.token)).json()).toContainEqual({
      _id: created._id,
      text: 'Calm',
    });
    expect((await call(t.app, 'DELETE', `/api/admin/tag/${created._id}`, undefined, admin.token)).json()).toEqual({
      deleted: true,
    });
    expect((await call(t.app, 'GET', `/api/admin/tag/${created._id}`, undefined, admin.token)).statusCode).toBe(404);

    const log = (await call(t.app, 'GET', '/api/admin/audit', undefined, admin.token)).json();
    const mine = log.filter((e: { targetId: string }) => e.targetId === created._id);
    expect(mine.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(mine[1]).toMatchObject({
      admin: { _id: admin.user.id, email: admin.user.email },
      targetType: 'tag',
      details: { from: 'Stillness', to: 'Calm' },
    });
  });

  it("refuses a tag that differs from another only in case ('sleep' beside 'Sleep')", async () => {
    const admin = await buildAdmin(t.db);
    const word = `Sleep${Date.now()}`;
    const sleep = (await call(t.app, 'POST', '/api/admin/tag/new', { text: word }, admin.token)).json();
    const lower = await call(t.app, 'POST', '/api/admin/tag/new', { text: word.toLowerCase() }, admin.token);
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toMatchObject({ message: 'That tag already exists.' });
    const other = (await call(t.app, 'POST', '/api/admin/tag/new', { text: `Rest${Date.now()}` }, admin.token)).json();
    expect(
      (await call(t.app, 'POST', `/api/admin/tag/${other._id}`, { text: ` ${word.toUpperCase()} ` }, admin.token))
        .statusCode,
    ).toBe(409);
    // a tag may change its own case
    const recased = await call(t.app, 'POST', `/api/admin/tag/${sleep._id}`, { text: word.toLowerCase() }, admin.token);
    expect(recased.json()).toEqual({ _id: sleep._id, text: word.toLowerCase() });
  });

  it('deleting a tag takes it off the groups that used it', async () => {
    const admin = await buildAdmin(t.db);
    const tag = (await call(t.app, 'POST', '/api/admin/tag/new', { text: `Tag ${Date.now()}` }, admin.token)).json();
    const owner = await buildUser(t.db);
    const group = (
      await call(t.app, 'POST', '/api/app/group/new', { name: 'Tagged', tags: [tag._id] }, owner.token)
    ).json();
    expect(group.tags).toEqual([tag._id]);
    await call(t.app, 'DELETE', `/api/admin/tag/${tag._id}`, undefined, admin.token);
    expect(
      (await call(t.app, 'GET', `/api/app/group-display-data/${group._id}`, undefined, owner.token)).json().tags,
    ).toEqual([]);
  });

  it('pages back through the audit log with the next-cursor header, entries of the same millisecond included', async () => {
    const admin = await buildAdmin(t.db);
    // two a millisecond apart, then seven written at exactly the same instant
    const instants = ['2026-01-01 00:00:00.003+00', '2026-01-01 00:00:00.002+00'];
    await t.db.insert(auditLog).values(
      Array.from({ length: 9 }, (_, i) => ({
        adminId: admin.user.id,
        adminEmail: admin.user.email,
        action: 'update',
        targetType: 'tag',
        targetId: `same-${i}`,
        createdAt: new Date('2026-01-01T00:00:00.000Z'),
      })),
    );
    for (const [i, instant] of ['2026-01-01 00:00:00.001+00', ...instants].entries()) {
      const which = i === 0 ? sql`${auditLog.targetId} like 'same-%'` : eq(auditLog.targetId, `same-${i - 1}`);
      await t.db
        .update(auditLog)
        .set({ createdAt: sql`${instant}::timestamptz` })
        .where(which);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await call(
        t.app,
        'GET',
        `/api/admin/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        admin.token,
      );
      const entries: Array<{ targetId: string }> = res.json();
      seen.push(...entries.map((e) => e.targetId).filter((id) => id.startsWith('same-')));
      cursor = res.headers['next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(seen.slice(0, 2)).toEqual(['same-0', 'same-1']);
    expect(seen.sort()).toEqual(Array.from({ length: 9 }, (_, i) => `same-${i}`));
    const forged = await call(t.app, 'GET', '/api/admin/audit?cursor=nope', undefined, admin.token);
    expect([forged.statusCode, forged.json().error]).toEqual([400, 'invalid_cursor']);
  });
});
