import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, postHearts, posts } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { countQueries } from '../../test/query-count';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a feed page', () => {
  it('costs the same number of SQL statements for 5 posts as for 50 (no query per post)', async () => {
    const reader = await buildUser(t.db);
    const fans = await Promise.all([1, 2, 3].map(() => buildUser(t.db)));
    const rows = await t.db
      .insert(posts)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          userId: fans[i % 3]!.user.id,
          text: `post ${i}`,
          createdAt: new Date(Date.now() - i * 60_000),
        })),
      )
      .returning({ id: posts.id });
    await t.db.insert(postHearts).values(rows.flatMap((p) => fans.map((f) => ({ postId: p.id, userId: f.user.id }))));
    await t.db.insert(comments).values(rows.map((p) => ({ postId: p.id, userId: fans[0]!.user.id, text: 'lovely' })));

    const statementsFor = async (url: string) => {
      let shown = 0;
      const statements = await countQueries(t.database, async () => {
        const page = (await call(t.app, 'GET', url, undefined, reader.token)).json();
        shown = page.posts.length;
        expect(page.posts[0]).toMatchObject({
          comments: 1,
          hearts: expect.arrayContaining(fans.map((f) => f.user.id)),
        });
      });
      return { shown, statements };
    };
    const small = await statementsFor('/api/app/inspiration?limit=5');
    const large = await statementsFor('/api/app/inspiration?limit=50');
    expect([small.shown, large.shown]).toEqual([5, 50]);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(3);
  });
});
