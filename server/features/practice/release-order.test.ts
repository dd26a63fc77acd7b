import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../common/time';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Item = { title: string; release: { day: string; queueDay: number | null } | null };
const titles = (items: Item[]) => items.map((i) => i.title);
const get = async (url: string, token?: string) => call(t.app, 'GET', url, undefined, token);

/** A bought course whose lessons were written in order; `posted` publishes them now instead of queueing. */
async function courseOfThree({ posted = false } = {}) {
  const facilitator = await buildFacilitator(t.db);
  const course = await buildTier(t.db, facilitator.user.id, {
    name: 'Breath Foundations',
    type: 'single',
    releaseAllContent: true,
  });
  const start = Date.now() - 60_000;
  for (const [index, title] of ['Lesson 1', 'Lesson 2', 'Lesson 3'].entries()) {
    const when = new Date(start + index * 1000);
    await buildContent(
      t.db,
      facilitator.user.id,
      [course.id],
      posted ? { title, queued: false, postNow: true, postedDate: when, createdAt: when } : { title, createdAt: when },
    );
  }
  const member = await buildUser(t.db);
  await buildSubscription(t.db, member.user.id, course.id);
  return { facilitator, course, member };
}

describe('courses read in release order', () => {
  it('lists queued lessons 1, 2, 3 on the course page and in past practices', async () => {
    const { course, member } = await courseOfThree();
    const page = (await get(`/api/app/course/${course.id}`, member.token)).json();
    expect(titles(page.allContent)).toEqual(['Lesson 1', 'Lesson 2', 'Lesson 3']);
    expect(page.allContent[0].release).toEqual({ day: localDay(new Date(), 'UTC'), queueDay: null });

    const history = (await get('/api/app/content-history', member.token)).json();
    expect(titles(history.userContentHistory)).toEqual(['Lesson 1', 'Lesson 2', 'Lesson 3']);
  });

  it("lists lessons posted today 1, 2, 3 on the member's day too", async () => {
    const { course, member } = await courseOfThree({ posted: true });
    expect(titles((await get('/api/app/content', member.token)).json().allContent)).toEqual([
      'Lesson 1',
      'Lesson 2',
      'Lesson 3',
    ]);
    expect(titles((await get(`/api/app/course/${course.id}`, member.token)).json().allContent)).toEqual([
      'Lesson 1',
      'Lesson 2',
      'Lesson 3',
    ]);
    expect(titles((await get('/api/app/content-history', member.token)).json().userContentHistory)).toEqual([
      'Lesson 1',
      'Lesson 2',
      'Lesson 3',
    ]);
  });

  it('shows the owner the course in queue order, without a release', async () => {
    const { course, facilitator } = await courseOfThree();
    const page = (await get(`/api/app/course/${course.id}`, facilitator.token)).json();
    expect(titles(page.allContent)).toEqual(['Lesson 1', 'Lesson 2', 'Lesson 3']);
    expect(page.allContent.every((i: Item) => i.release === null)).toBe(true);
  });
});

describe('past practices page by keyset', () => {
  /** A daily queue of five, the member on day 5: all five released, Day 1 .. Day 5. */
  async function memberOnDayFive() {
    const facilitator = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, facilitator.user.id);
    for (const n of [1, 2, 3, 4, 5])
      await buildContent(t.db, facilitator.user.id, [tier.id], { title: `Practice ${n}` });
    const member = await buildUser(t.db);
    const sub = await buildSubscription(t.db, member.user.id, tier.id, { daysAgo: 4 });
    return { member, startDay: sub.startDate };
  }

  it('answers 401 to visitors and 400 to a malformed cursor or limit', async () => {
    expect((await get('/api/app/content-history')).statusCode).toBe(401);
    const { token } = await buildUser(t.db);
    expect((await get('/api/app/content-history?after=nonsense', token)).statusCode).toBe(400);
    expect((await get('/api/app/content-history?limit=0', token)).statusCode).toBe(400);
    expect((await get('/api/app/content-history?limit=101', token)).statusCode).toBe(400);
  });

  it('pages in release order with each item’s release day, until the last page', async () => {
    const { member, startDay } = await memberOnDayFive();
    const first = (await get('/api/app/content-history?limit=2', member.token)).json();
    expect(titles(first.userContentHistory)).toEqual(['Practice 1', 'Practice 2']);
    expect(first.userContentHistory.map((i: Item) => i.release)).toEqual([
      { day: startDay, queueDay: 1 },
      { day: new Date(Date.parse(`${startDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), queueDay: 2 },
    ]);
    const second = (
      await get(`/api/app/content-history?limit=2&after=${encodeURIComponent(first.nextCursor)}`, member.token)
    ).json();
    expect(titles(second.userContentHistory)).toEqual(['Practice 3', 'Practice 4']);
    const last = (
      await get(`/api/app/content-history?limit=2&after=${encodeURIComponent(second.nextCursor)}`, member.token)
    ).json();
    expect(titles(last.userContentHistory)).toEqual(['Practice 5']);
    expect(last.nextCursor).toBeNull();
  });

  it("answers each page with its own items' engagement and the member's whole time beside it", async () => {
    const { member } = await memberOnDayFive();
    const all = (await get('/api/app/content-history', member.token)).json();
    const [one, two, , four] = all.userContentHistory.map((i: { _id: string }) => i._id);
    const post = (body: unknown) => call(t.app, 'POST', '/api/app/track-engagement', body, member.token);
    await post({ content: one, milliseconds: 90_500 }); // 90 s as the record shows it
    await post({ content: four, milliseconds: 30_999 }); // 30 s
    await get(`/api/app/favourite-content/${two}`, member.token);

    const first = (await get('/api/app/content-history?limit=2', member.token)).json();
    expect(first.userEngagementHistory.map((e: { content: string }) => e.content).sort()).toEqual([one, two].sort());
    expect(first.totalEngagementSeconds).toBe(120); // the sum of the records' seconds, every page's
    const second = (
      await get(`/api/app/content-history?limit=2&after=${encodeURIComponent(first.nextCursor)}`, member.token)
    ).json();
    expect(second.userEngagementHistory).toEqual([
      { content: four, isComplete: false, isFavourite: false, totalEngagementSeconds: 30 },
    ]);
    expect(second.totalEngagementSeconds).toBe(120);
  });

  it('pages favourites only when asked', async () => {
    const { member } = await memberOnDayFive();
    const all = (await get('/api/app/content-history', member.token)).json();
    for (const item of [all.userContentHistory[3], all.userContentHistory[1]]) {
      await get(`/api/app/favourite-content/${item._id}`, member.token);
    }
    const favourites = (await get('/api/app/content-history?favourites=true&limit=1', member.token)).json();
    expect(titles(favourites.userContentHistory)).toEqual(['Practice 2']);
    const next = (
      await get(
        `/api/app/content-history?favourites=true&limit=1&after=${encodeURIComponent(favourites.nextCursor)}`,
        member.token,
      )
    ).json();
    expect(titles(next.userContentHistory)).toEqual(['Practice 4']);
    expect(next.nextCursor).toBeNull();
  });
});
