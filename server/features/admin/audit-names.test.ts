import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildGroup, buildTier } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Entry = { targetId: string | null; targetName: string | null; names: Record<string, string>; action: string };

describe('the audit log names what it mentions', () => {
  it('names a live target, a deleted one from what was recorded, and the ids in the details', async () => {
    const admin = await buildAdmin(t.db);
    const api = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      call(t.app, method, `/api/${url}`, body, admin.token);
    const maya = await buildFacilitator(t.db, { name: 'Maya Lind' });
    const tier = await buildTier(t.db, maya.user.id, { name: 'Dawn Circle' });
    const group = await buildGroup(t.db, maya.user.id, { name: 'Walkers' });
    const [post] = await t.db
      .insert(posts)
      .values({ userId: maya.user.id, groupId: group.id, text: 'A long walk by the river' })
      .returning();

    const tag = (await api('POST', 'admin/tag/new', { text: 'Stillness' })).json();
    await api('POST', `admin/tier/${tier.id}`, { name: 'Dawn Circle', price: 0 });
    await api('DELETE', `admin/post/${post!.id}`);

    const log: Entry[] = (await api('GET', 'admin/audit')).json();
    const about = (id: string) => log.find((e) => e.targetId === id)!;
    expect(about(tag._id)).toMatchObject({ targetName: 'Stillness' });
    expect(about(tier.id)).toMatchObject({ targetName: 'Dawn Circle' });
    // the post is gone: named by the text its entry kept; its group and author by name
    const deleted = about(post!.id);
    expect(deleted.targetName).toBe('A long walk by the river');
    expect(deleted.names).toEqual({ [group.id]: 'Walkers', [maya.user.id]: 'Maya Lind' });
  });
});
