import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tiers } from '../../db/schema';
import { buildContent, buildFacilitator, buildTier } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

/**
 * A reorder used to replace the whole queue, so content added after the page loaded was
 * dropped (and became a draft never released). Adds, take-outs and reorders are now atomic against
 * each other, and a reorder made from a queue that has changed since is refused with 409.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const queueOf = async (tierId: string) =>
  (await t.db.select().from(tiers).where(eq(tiers.id, tierId)))[0]!.contentQueue;

async function tierWithQueue(size: number) {
  const { user, token } = await buildFacilitator(t.db);
  const tier = await buildTier(t.db, user.id);
  const items = [];
  for (let i = 0; i < size; i++) items.push(await buildContent(t.db, user.id, [tier.id]));
  return { user, token, tier, items };
}

const reorder = (token: string, body: object) => call(t.app, 'POST', '/api/app/tier', body, token);

describe('the content queue under racing writes', () => {
  it('10 adds racing 10 reorders end with every added item in the queue, each once', async () => {
    const { token, tier, items } = await tierWithQueue(3);
    const add = (i: number) =>
      call(
        t.app,
        'POST',
        '/api/app/content/new',
        { title: `Added ${i}`, contentType: 'meditation', tiers: [tier.id] },
        token,
      );
    // a tab reads the tier, then posts the reversed queue: half as old clients (the list only),
    // half as the web app (with the queue the order was made from); on 409 it reloads and tries
    // again, as the page does, so reorders also succeed between the adds
    const reorderFromPage = async (i: number) => {
      const statuses: number[] = [];
      while (statuses.length < 30 && statuses.at(-1) !== 200) {
        const tab = await call(t.app, 'GET', `/api/app/tier/${tier.id}`, undefined, token);
        const seen: string[] = tab.json().contentQueue;
        const body = { _id: tier.id, contentQueue: [...seen].reverse() };
        const res = await reorder(token, i % 2 ? body : { ...body, previousContentQueue: seen });
        if (res.statusCode === 409) expect(res.json().error).toBe('queue_changed');
        statuses.push(res.statusCode);
      }
      return statuses;
    };
    const adds = Promise.all(Array.from({ length: 10 }, (_, i) => add(i)));
    const reorders = Promise.all(Array.from({ length: 10 }, (_, i) => reorderFromPage(i)));
    const [added, tries] = await Promise.all([adds, reorders]);

    expect(added.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    for (const statuses of tries) {
      expect(statuses.at(-1)).toBe(200);
      expect(statuses.slice(0, -1).every((s) => s === 409)).toBe(true);
    }
    const queue = await queueOf(tier.id);
    const expected = [...items.map((c) => c.id), ...added.map((a) => a.json()._id as string)];
    expect([...queue].sort()).toEqual(expected.sort());
  });

  it('a reorder from a stale page (an item added since) answers 409 and changes nothing', async () => {
    const { user, token, tier, items } = await tierWithQueue(2);
    const seen = items.map((c) => c.id);
    const late = await buildContent(t.db, user.id, [tier.id]);
    const before = await queueOf(tier.id);

    for (const body of [
      { _id: tier.id, contentQueue: [...seen].reverse(), name: 'Renamed' },
      { _id: tier.id, contentQueue: [...seen].reverse(), previousContentQueue: seen, name: 'Renamed' },
    ]) {
      const res = await reorder(token, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'queue_changed',
        message: 'This queue changed in another tab. It has been reloaded; please reorder again.',
      });
    }
    expect(await queueOf(tier.id)).toEqual(before);
    expect(before).toEqual([...seen, late.id]);
    const [row] = await t.db.select().from(tiers).where(eq(tiers.id, tier.id));
    expect(row!.name).toBe(tier.name);
  });

  it('a take-out made from a stale page answers 409: an item taken out in another tab is not put back', async () => {
    const { token, tier, items } = await tierWithQueue(3);
    const seen = items.map((c) => c.id);
    // another tab takes the first item out
    const first = await reorder(token, { _id: tier.id, contentQueue: seen.slice(1), previousContentQueue: seen });
    expect(first.statusCode).toBe(200);
    // this tab, still showing all three, takes the last one out
    const stale = await reorder(token, { _id: tier.id, contentQueue: seen.slice(0, 2), previousContentQueue: seen });
    expect(stale.statusCode).toBe(409);
    expect(await queueOf(tier.id)).toEqual(seen.slice(1));
  });

  it('a change made from the current queue may add, take out and reorder', async () => {
    const { user, token, tier, items } = await tierWithQueue(3);
    const [a, b, c] = items.map((i) => i.id) as [string, string, string];
    const outside = await buildContent(t.db, user.id, [tier.id], { queued: false });
    const steps = [
      [a, b, c, outside.id],
      [c, a, b, outside.id],
      [c, b, outside.id],
    ];
    let current = [a, b, c];
    for (const next of steps) {
      const res = await reorder(token, { _id: tier.id, contentQueue: next, previousContentQueue: current });
      expect(res.statusCode).toBe(200);
      expect(res.json().contentQueue).toEqual(next);
      current = next;
    }
  });

  it('without the queue it was made from, a list may reorder and add but not drop an item', async () => {
    const { user, token, tier, items } = await tierWithQueue(2);
    const [a, b] = items.map((i) => i.id) as [string, string];
    const outside = await buildContent(t.db, user.id, [tier.id], { queued: false });
    expect((await reorder(token, { _id: tier.id, contentQueue: [b, a, outside.id] })).statusCode).toBe(200);
    const dropping = await reorder(token, { _id: tier.id, contentQueue: [a, outside.id] });
    expect(dropping.statusCode).toBe(409);
    expect(await queueOf(tier.id)).toEqual([b, a, outside.id]);
  });
});
