import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function offer(token: string, startsInHours: number) {
  const start = new Date(Date.now() + startsInHours * HOUR);
  const res = await call(
    t.app,
    'POST',
    '/api/app/facilitator/sessions',
    {
      name: 'Breath coaching',
      description: '',
      price: 0,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + HOUR).toISOString(),
      meetingUrl: 'https://meet.example.com/abc',
    },
    token,
  );
  expect(res.statusCode).toBe(200);
  return res.json() as { _id: string };
}

describe('GET app/user/bookings', () => {
  it('answers 401 to visitors', async () => {
    expect((await call(t.app, 'GET', '/api/app/user/bookings')).statusCode).toBe(401);
  });

  it("lists the caller's upcoming bookings with their meeting links, and nobody else's", async () => {
    const maya = await buildFacilitator(t.db);
    const [sam, other] = [await buildUser(t.db), await buildUser(t.db)];
    expect((await call(t.app, 'GET', '/api/app/user/bookings', undefined, sam.token)).json()).toEqual({ bookings: [] });

    const later = await offer(maya.token, 72);
    const sooner = await offer(maya.token, 24);
    for (const s of [later, sooner])
      expect(
        (await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: s._id }, sam.token)).statusCode,
      ).toBe(200);

    const res = await call(t.app, 'GET', '/api/app/user/bookings', undefined, sam.token);
    expect(res.statusCode).toBe(200);
    const { bookings } = res.json();
    expect(
      bookings.map((b: { _id: string; meetingUrl: string; bookedByMe: boolean }) => [
        b._id,
        b.meetingUrl,
        b.bookedByMe,
      ]),
    ).toEqual([
      [sooner._id, 'https://meet.example.com/abc', true],
      [later._id, 'https://meet.example.com/abc', true],
    ]);
    // the alias answers the same list
    expect((await call(t.app, 'GET', '/api/app/user-sessions', undefined, sam.token)).json()).toEqual(bookings);
    expect((await call(t.app, 'GET', '/api/app/user/bookings', undefined, other.token)).json()).toEqual({
      bookings: [],
    });
  });
});
