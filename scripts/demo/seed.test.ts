import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../server/test/harness';
import { DEMO_PASSWORD, seedDemo } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = async (email: string) =>
  (await call(t.app, 'POST', '/api/auth/login', { user: { email, password: DEMO_PASSWORD } })).json().token as string;

describe('the demo community', () => {
  it('seeds once: the member has practices today with playable media, the facilitators have programs', async () => {
    expect(await seedDemo(t.app.ctx)).toBe(true);
    expect(await seedDemo(t.app.ctx)).toBe(false);

    const sam = await login('sam@tend.demo');
    const today = (await call(t.app, 'GET', '/api/app/content', undefined, sam)).json();
    expect(today.allContent.map((c: { title: string }) => c.title)).toEqual(
      expect.arrayContaining(['Noticing sounds', 'Sigh it out']),
    );
    const withMedia = today.allContent.find((c: { media: string | null }) => c.media);
    const signed = (await call(t.app, 'GET', `/api/app/get-signed-url/${withMedia.media}`, undefined, sam)).json();
    const audio = await t.app.inject({ method: 'GET', url: signed.signedUrl });
    expect(audio.rawPayload.subarray(0, 4).toString()).toBe('RIFF');

    const courses = (await call(t.app, 'GET', '/api/app/full-courses', undefined, sam)).json();
    expect(courses.map((c: { name: string }) => c.name)).toEqual(['Breathwork Foundations']);

    const feed = (await call(t.app, 'GET', '/api/app/inspiration', undefined, sam)).json();
    expect(feed.posts).toHaveLength(3);
    const explore = (await call(t.app, 'GET', '/api/app/group', undefined, sam)).json();
    // the hidden Teacher Cohort is not listed; Sam is already in the Stillness Circle
    expect(explore.map((g: { name: string }) => g.name).sort()).toEqual(['Morning Walkers', 'Night Breathers']);
    expect(explore.find((g: { name: string }) => g.name === 'Morning Walkers').isFull).toBe(true);
    const mine = (await call(t.app, 'GET', '/api/app/group?tab=mine', undefined, sam)).json();
    expect(mine.map((g: { name: string }) => g.name).sort()).toEqual(['Stillness Circle', 'Teacher Cohort']);
    const discussion = (await call(t.app, 'GET', `/api/app/get-group-posts/${mine[0]._id}`, undefined, sam)).json();
    expect(discussion.posts.length).toBeGreaterThan(0);

    // a session later today booked by Sam (the dashboard banner), and a chat with Maya
    const upcoming = (await call(t.app, 'GET', '/api/app/user-sessions', undefined, sam)).json();
    expect(upcoming[0]).toMatchObject({ name: 'Evening check-in', meetingUrl: expect.stringContaining('https://') });
    const contacts = (await call(t.app, 'GET', '/api/app/room', undefined, sam)).json().contacts;
    expect(contacts[0]).toMatchObject({
      user: { name: 'Maya Rivers' },
      lastMessage: { text: 'That helps, thank you!' },
    });

    const maya = await login('maya@tend.demo');
    const program = (await call(t.app, 'GET', '/api/app', undefined, maya)).json();
    expect(program.tiers.find((x: { name: string }) => x.name === 'Daily Stillness').contentQueue).toHaveLength(5);
    const earnings = (await call(t.app, 'GET', '/api/app/facilitator/revenue', undefined, maya)).json();
    expect(earnings.buckets.reduce((sum: number, b: { amount: number }) => sum + b.amount, 0)).toBeGreaterThan(0);
    const cover = await t.app.inject({ method: 'GET', url: `/images/${program.tiers[0].thumbnail}?tr=w-100` });
    expect(cover.statusCode).toBe(200);
  });
});
