import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { countQueries } from '../../test/query-count';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const unread = async (userId: string) =>
  (await t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId))).length;

describe('marking all notifications read', () => {
  it('is one statement whatever the number of notifications, and touches only the caller’s', async () => {
    const me = await buildUser(t.db);
    const other = await buildUser(t.db);
    for (const { user } of [me, other]) {
      await t.db.execute(sql`
        insert into notifications (user_id, message, link)
        select ${user.id}, 'Notice ' || i, '/notifications' from generate_series(1, 500) as i`);
    }
    expect(await unread(me.user.id)).toBe(500);
    // the sign-in check, then one update
    const statements = await countQueries(t.database, async () => {
      const res = await call(t.app, 'GET', '/api/app/notifications/view-all', undefined, me.token);
      expect(res.json()).toEqual({ status: 'ok' });
    });
    expect(statements).toBe(2);
    const viewed = async (userId: string) =>
      (
        await t.db.select({ viewed: notifications.viewed }).from(notifications).where(eq(notifications.userId, userId))
      ).map((n) => n.viewed);
    expect(new Set(await viewed(me.user.id))).toEqual(new Set([true]));
    expect(new Set(await viewed(other.user.id))).toEqual(new Set([false]));
  });
});
