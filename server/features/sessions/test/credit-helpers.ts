import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sessionSeries, sessions } from '../../../db/schema';
import { buildSubscription, buildTier } from '../../../test/factories';
import { call, type TestApp } from '../../../test/harness';
import { offerSession } from './helpers';

/** A facilitator's tier that includes `credits` session credits a period, and a member's active free subscription to it. */
export async function subscribeWithCredits(
  t: TestApp,
  facilitatorId: string,
  memberId: string,
  tier: Parameters<typeof buildTier>[2] = {},
  subscription: Parameters<typeof buildSubscription>[3] = {},
) {
  const row = await buildTier(t.db, facilitatorId, { sessionCredits: 2, ...tier });
  const sub = await buildSubscription(t.db, memberId, row.id, subscription);
  return { tier: row, subscription: sub };
}

/** A paid session (40 dollars) of the facilitator, starting at `start`. */
export const offerPaid = (t: TestApp, token: string, start: Date, overrides: Record<string, unknown> = {}) =>
  offerSession(t, token, start, { price: 40, capacity: 10, ...overrides });

export const bookWithCredit = (t: TestApp, token: string | undefined, sessionId: string, app = t.app) =>
  call(app, 'POST', `/api/app/session/${sessionId}/book-with-credit`, undefined, token);

export const creditsLeftFor = async (t: TestApp, token: string, sessionId: string) =>
  ((await call(t.app, 'GET', `/api/app/session/${sessionId}`, undefined, token)).json() as { creditsLeft?: number })
    .creditsLeft;

export async function expectBooked(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
}

/** A series row of the facilitator, and the session made one of its occurrences. */
export async function putInSeries(t: TestApp, facilitatorId: string, sessionId: string) {
  const [series] = await t.db
    .insert(sessionSeries)
    .values({
      facilitatorId,
      rrule: 'FREQ=WEEKLY;COUNT=4',
      timeZone: 'UTC',
      localStart: '2027-01-04T07:00',
      durationMinutes: 60,
      name: 'Weekly breath',
      meetingUrl: 'https://meet.example.com/abc',
      lastDate: '2027-01-25',
      materialisedThrough: '2027-01-25',
    })
    .returning();
  await t.db.update(sessions).set({ seriesId: series!.id }).where(eq(sessions.id, sessionId));
  return series!;
}
