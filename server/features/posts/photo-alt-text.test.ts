import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { posts } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/api/app/post', body, token);

describe('alt text for post photos', () => {
  it('stores each photo’s alt text by position and answers it to readers, blank where none was written', async () => {
    const author = await buildUser(t.db);
    const reader = await buildUser(t.db);
    const res = await post(author.token, {
      text: 'Morning walk',
      photos: ['a.jpg', 'b.jpg', 'c.jpg'],
      photoAlts: ['  Fog over a lake at sunrise ', '', 'Two herons on a fence'],
    });
    expect(res.statusCode).toBe(200);
    const alts = ['Fog over a lake at sunrise', '', 'Two herons on a fence'];
    expect(res.json().photoAlts).toEqual(alts);
    const seen = await call(t.app, 'GET', `/api/app/view-post/${res.json()._id}`, undefined, reader.token);
    expect(seen.json().post.photoAlts).toEqual(alts);

    const without = await post(author.token, { text: 'No alt', photos: ['d.jpg', 'e.jpg'] });
    expect(without.json().photoAlts).toEqual(['', '']);
  });

  it('refuses alt text over 250 characters and more alt texts than photos, storing nothing', async () => {
    const { token } = await buildUser(t.db);
    const long = await post(token, { text: 'long alt', photos: ['a.jpg'], photoAlts: ['x'.repeat(251)] });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'invalid_input', message: expect.stringContaining('250') });
    const extra = await post(token, { text: 'extra alt', photos: ['a.jpg'], photoAlts: ['one', 'two'] });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toBe('invalid_input');
    for (const text of ['long alt', 'extra alt'])
      expect(await t.db.select().from(posts).where(eq(posts.text, text))).toEqual([]);
  });
});
