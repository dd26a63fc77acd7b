import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { countQueries, rowsReadFrom } from '../../test/query-count';
import { eq } from 'drizzle-orm';
import { journalEntries, subscriptions } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A facilitator with a daily queue of three items and a member two days into it. */
async function memberTwoDaysIn() {
  const facilitator = await buildFacilitator(t.db);
  const tier = await buildTier(t.db, facilitator.user.id);
  const items = [];
  for (const title of ['Day one', 'Day two', 'Day three'])
    items.push(await buildContent(t.db, facilitator.user.id, [tier.id], { title }));
  const member = await buildUser(t.db);
  await buildSubscription(t.db, member.user.id, tier.id, { daysAgo: 1 });
  return { facilitator, tier, items, member };
}

describe("the member's daily practice", () => {
  it("shows today's queue item, and everything released so far in the history", async () => {
    const { member, items } = await memberTwoDaysIn();
    const today = (await call(t.app, 'GET', '/api/app/content', undefined, member.token)).json();
    expect(today.allContent.map((c: { title: string }) => c.title)).toEqual(['Day two']);
    expect(today.allEngagedContent).toEqual([]);

    const history = (await call(t.app, 'GET', '/api/app/content-history', undefined, member.token)).json();
    expect(history.userContentHistory.map((c: { _id: string }) => c._id).sort()).toEqual(
      [items[0]!.id, items[1]!.id].sort(),
    );
  });

  it('has nothing for a member without subscriptions', async () => {
    const { token } = await buildUser(t.db);
    expect((await call(t.app, 'GET', '/api/app/content', undefined, token)).json()).toEqual({
      allContent: [],
      allEngagedContent: [],
    });
  });

  it('ignores cancelled subscriptions', async () => {
    const facilitator = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, facilitator.user.id);
    await buildContent(t.db, facilitator.user.id, [tier.id]);
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, tier.id, { cancelled: true });
    expect((await call(t.app, 'GET', '/api/app/content', undefined, member.token)).json().allContent).toEqual([]);
  });
});

describe('complete, favourite, hits, engagement and journal', () => {
  it('toggles complete and favourite per member', async () => {
    const { member, items } = await memberTwoDaysIn();
    const id = items[1]!.id;
    expect((await call(t.app, 'GET', `/api/app/complete-content/${id}`, undefined, member.token)).json()).toMatchObject(
      { content: id, isComplete: true, isFavourite: false },
    );
    expect(
      (await call(t.app, 'GET', `/api/app/favourite-content/${id}`, undefined, member.token)).json(),
    ).toMatchObject({ isComplete: true, isFavourite: true });
    expect((await call(t.app, 'GET', `/api/app/complete-content/${id}`, undefined, member.token)).json()).toMatchObject(
      { isComplete: false, isFavourite: true },
    );
    const today = (await call(t.app, 'GET', '/api/app/content', undefined, member.token)).json();
    expect(today.allEngagedContent).toEqual([
      { content: id, isComplete: false, isFavourite: true, totalEngagementSeconds: 0 },
    ]);
  });

  it('sets a flag to the value asked for, so the same call sent twice leaves the same state', async () => {
    const { member, items } = await memberTwoDaysIn();
    const id = items[1]!.id;
    for (let i = 0; i < 2; i++) {
      const done = await call(t.app, 'GET', `/api/app/complete-content/${id}?value=true`, undefined, member.token);
      expect(done.json()).toMatchObject({ content: id, isComplete: true, isFavourite: false });
    }
    const undone = await call(t.app, 'GET', `/api/app/complete-content/${id}?value=false`, undefined, member.token);
    expect(undone.json()).toMatchObject({ isComplete: false });
    const favourite = await call(t.app, 'GET', `/api/app/favourite-content/${id}?value=false`, undefined, member.token);
    expect(favourite.json()).toMatchObject({ isComplete: false, isFavourite: false });
    // without a value the call still toggles, as it always has
    expect(
      (await call(t.app, 'GET', `/api/app/favourite-content/${id}`, undefined, member.token)).json(),
    ).toMatchObject({ isFavourite: true });
    const bad = await call(t.app, 'GET', `/api/app/complete-content/${id}?value=yes`, undefined, member.token);
    expect(bad.statusCode).toBe(400);
  });

  it('answers a replayed flag call or journal entry with the first result, written once (Idempotency-Key)', async () => {
    const { member, items } = await memberTwoDaysIn();
    const id = items[1]!.id;
    const send = (url: string, key: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': key },
        ...(payload ? { payload } : {}),
      });
    // a toggle replayed with its key flips once, not twice
    const first = await send(`/api/app/complete-content/${id}`, 'done-1');
    const replay = await send(`/api/app/complete-content/${id}`, 'done-1');
    expect(first.json()).toMatchObject({ isComplete: true });
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const today = (await call(t.app, 'GET', '/api/app/content', undefined, member.token)).json();
    expect(today.allEngagedContent).toEqual([
      { content: id, isComplete: true, isFavourite: false, totalEngagementSeconds: 0 },
    ]);

    const entry = { content: id, journalText: 'Written on the train' };
    const written = await send('/api/app/create-journal', 'journal-1', 'POST', entry);
    const again = await send('/api/app/create-journal', 'journal-1', 'POST', entry);
    expect(again.json()).toEqual(written.json());
    const rows = await t.db.select().from(journalEntries).where(eq(journalEntries.userId, member.user.id));
    expect(rows.map((r) => r.text)).toEqual(['Written on the train']);
  });

  it("reads the engagement of today's items only, not of every item practised before", async () => {
    const { member, items } = await memberTwoDaysIn();
    for (const item of items.slice(0, 2)) {
      await call(t.app, 'GET', `/api/app/complete-content/${item.id}`, undefined, member.token);
    }
    const { rows, result } = await rowsReadFrom(t.database, 'engagement', () =>
      call(t.app, 'GET', '/api/app/content', undefined, member.token),
    );
    expect(result.json().allEngagedContent).toEqual([
      { content: items[1]!.id, isComplete: true, isFavourite: false, totalEngagementSeconds: 0 },
    ]);
    // Day one's row stays in the database (a member of long standing has thousands of them)
    expect(rows).toBe(1);
  });

  it('counts hits and adds engagement time', async () => {
    const { member, items } = await memberTwoDaysIn();
    const id = items[0]!.id;
    expect((await call(t.app, 'GET', `/api/app/increase-content-hits/${id}`, undefined, member.token)).json()).toEqual({
      hitCount: 1,
    });
    await call(t.app, 'POST', '/api/app/track-engagement', { content: id, milliseconds: 90_500 }, member.token);
    const second = await call(
      t.app,
      'POST',
      '/api/app/track-engagement',
      { content: id, milliseconds: 30_000 },
      member.token,
    );
    expect(second.json().totalEngagementSeconds).toBe(120);
  });

  it('refuses a negative or absurd engagement report with 400', async () => {
    const { member, items } = await memberTwoDaysIn();
    for (const milliseconds of [-1, 13 * 60 * 60 * 1000, 1.5]) {
      expect(
        (await call(t.app, 'POST', '/api/app/track-engagement', { content: items[0]!.id, milliseconds }, member.token))
          .statusCode,
      ).toBe(400);
    }
  });

  it('keeps journal entries and answers the latest', async () => {
    const { member, items } = await memberTwoDaysIn();
    const id = items[0]!.id;
    expect((await call(t.app, 'POST', '/api/app/journal', { content: id }, member.token)).json()).toEqual({
      journalEntry: null,
    });
    await call(t.app, 'POST', '/api/app/create-journal', { content: id, journalText: 'First thoughts' }, member.token);
    await call(t.app, 'POST', '/api/app/create-journal', { content: id, journalText: 'Calmer today' }, member.token);
    expect(
      (await call(t.app, 'POST', '/api/app/journal', { content: id }, member.token)).json().journalEntry.text,
    ).toBe('Calmer today');
    expect(
      (await call(t.app, 'POST', '/api/app/create-journal', { content: id, journalText: '   ' }, member.token))
        .statusCode,
    ).toBe(400);
  });

  it('answers 404 for content not yet released, or of a tier the member does not hold', async () => {
    const { member, items } = await memberTwoDaysIn();
    const stranger = await buildUser(t.db);
    const unreleased = items[2]!.id;
    for (const [token, id] of [
      [member.token, unreleased],
      [stranger.token, items[0]!.id],
    ] as const) {
      expect((await call(t.app, 'GET', `/api/app/complete-content/${id}`, undefined, token)).statusCode).toBe(404);
      expect((await call(t.app, 'GET', `/api/app/increase-content-hits/${id}`, undefined, token)).statusCode).toBe(404);
      expect(
        (await call(t.app, 'POST', '/api/app/track-engagement', { content: id, milliseconds: 10 }, token)).statusCode,
      ).toBe(404);
      expect(
        (await call(t.app, 'POST', '/api/app/create-journal', { content: id, journalText: 'x' }, token)).statusCode,
      ).toBe(404);
    }
  });

  it('refuses visitors with 401', async () => {
    for (const url of ['/api/app', '/api/app/content', '/api/app/content-history', '/api/app/full-courses']) {
      expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
    }
  });
});

describe('which saved items a member may still practise (POST app/accessible-content)', () => {
  it('answers the released ones in the order asked, and drops those of a subscription that ended', async () => {
    const { member, items, tier, facilitator } = await memberTwoDaysIn();
    const [dayOne, dayTwo, dayThree] = items.map((i) => i!.id) as [string, string, string];
    const missing = '00000000-0000-4000-8000-000000000000';
    const ask = (token: string, content: string[]) =>
      call(t.app, 'POST', '/api/app/accessible-content', { content }, token);

    const answer = await ask(member.token, [dayTwo, dayThree, missing, dayOne, dayTwo]);
    expect(answer.statusCode).toBe(200);
    // day three is not released yet, the made-up id does not exist, and an id asked twice is answered once
    expect(answer.json()).toEqual({ accessible: [dayTwo, dayOne] });
    // the owner may practise their own items, released or not
    expect((await ask(facilitator.token, [dayThree])).json()).toEqual({ accessible: [dayThree] });

    await t.db.update(subscriptions).set({ cancelled: true }).where(eq(subscriptions.tierId, tier.id));
    expect((await ask(member.token, [dayOne, dayTwo])).json()).toEqual({ accessible: [] });
  });

  it('sends as many statements for three items as for one (no query per item)', async () => {
    const { member, items } = await memberTwoDaysIn();
    const ids = items.map((i) => i!.id);
    const ask = (content: string[]) => () =>
      call(t.app, 'POST', '/api/app/accessible-content', { content }, member.token);
    await ask(ids)(); // the first call of a session may do one-off work (the session's last-seen time)
    const one = await countQueries(t.database, ask(ids.slice(0, 1)));
    const three = await countQueries(t.database, ask(ids));
    expect(three).toBe(one);
  });

  it('refuses a visitor (401), an empty or oversized list and ids that are not ids (400)', async () => {
    const { token } = await buildUser(t.db);
    const someId = crypto.randomUUID();
    expect((await call(t.app, 'POST', '/api/app/accessible-content', { content: [someId] })).statusCode).toBe(401);
    for (const content of [[], ['not-an-id'], Array.from({ length: 501 }, () => crypto.randomUUID())]) {
      const res = await call(t.app, 'POST', '/api/app/accessible-content', { content }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
  });
});

describe('courses', () => {
  it('lists bought courses and releases all their content at once', async () => {
    const facilitator = await buildFacilitator(t.db, { name: 'Maya' });
    const course = await buildTier(t.db, facilitator.user.id, {
      name: 'Breath basics',
      type: 'single',
      releaseAllContent: true,
      price: 30,
    });
    await buildContent(t.db, facilitator.user.id, [course.id], { title: 'Lesson 1' });
    await buildContent(t.db, facilitator.user.id, [course.id], { title: 'Lesson 2' });
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, course.id, { priceCents: 3000 });

    const list = (await call(t.app, 'GET', '/api/app/full-courses', undefined, member.token)).json();
    expect(list).toEqual([
      {
        _id: course.id,
        name: 'Breath basics',
        description: '',
        thumbnail: null,
        facilitator: { _id: facilitator.user.id, name: 'Maya' },
      },
    ]);
    const page = (await call(t.app, 'GET', `/api/app/course/${course.id}`, undefined, member.token)).json();
    expect(page.tier.name).toBe('Breath basics');
    expect(page.allContent.map((c: { title: string }) => c.title).sort()).toEqual(['Lesson 1', 'Lesson 2']);

    const stranger = await buildUser(t.db);
    expect((await call(t.app, 'GET', `/api/app/course/${course.id}`, undefined, stranger.token)).statusCode).toBe(403);
  });
});

describe('free subscriptions (GET app/subscribe/{tierId})', () => {
  it('subscribes from today, idempotently, and tells the facilitator', async () => {
    const facilitator = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, facilitator.user.id, { name: 'Free Flow' });
    await buildContent(t.db, facilitator.user.id, [tier.id], { title: 'First practice' });
    const member = await buildUser(t.db, { name: 'Sam' });

    const first = await call(t.app, 'GET', `/api/app/subscribe/${tier.id}`, undefined, member.token);
    expect(first.json()).toMatchObject({
      status: 'subscribed',
      subscription: { cancelled: false, price: 0, startDate: new Date().toISOString().slice(0, 10) },
    });
    const again = await call(t.app, 'GET', `/api/app/subscribe/${tier.id}`, undefined, member.token);
    expect(again.json()).toMatchObject({
      status: 'already_subscribed',
      subscription: { _id: first.json().subscription._id },
    });

    expect((await call(t.app, 'GET', '/api/app/content', undefined, member.token)).json().allContent[0].title).toBe(
      'First practice',
    );
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, facilitator.token)).json();
    expect(notes.map((n: { message: string }) => n.message)).toEqual(['Sam subscribed to Free Flow.']);
  });

  it('refuses paid and unpublished tiers and the owner', async () => {
    const facilitator = await buildFacilitator(t.db);
    const member = await buildUser(t.db);
    const paid = await buildTier(t.db, facilitator.user.id, { price: 9 });
    const draft = await buildTier(t.db, facilitator.user.id, { published: false });
    const free = await buildTier(t.db, facilitator.user.id);
    expect((await call(t.app, 'GET', `/api/app/subscribe/${paid.id}`, undefined, member.token)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/app/subscribe/${draft.id}`, undefined, member.token)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/app/subscribe/${free.id}`, undefined, facilitator.token)).statusCode).toBe(
      400,
    );
    expect((await call(t.app, 'GET', `/api/app/subscribe/${free.id}`)).statusCode).toBe(401);
  });
});
