import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../common/time';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const notices = async (token: string) =>
  (await call(t.app, 'GET', '/api/app/notifications', undefined, token))
    .json()
    .map((n: { message: string }) => n.message);

describe("session notifications read in each recipient's zone", () => {
  it('tells the facilitator and the booker the start in their own zones, the zone named', async () => {
    // a week ahead at 09:00 UTC (in winter: 10:00 in Paris, 04:00 in New York)
    const start = new Date(Date.now() + 7 * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const maya = await buildFacilitator(t.db, { name: 'Maya', timeZone: 'Europe/Paris' });
    const sam = await buildUser(t.db, { name: 'Sam', timeZone: 'America/New_York' });
    const saved = await call(
      t.app,
      'POST',
      '/api/app/facilitator/sessions',
      {
        name: 'Breath coaching',
        description: '',
        price: 0,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
        meetingUrl: 'https://meet.example.com/abc',
      },
      maya.token,
    );
    expect(
      (await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: saved.json()._id }, sam.token)).statusCode,
    ).toBe(200);

    const paris = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }).formatToParts(start);
    const part = (type: string) => paris.find((p) => p.type === type)!.value;
    expect(await notices(maya.token)).toContain(
      `Sam booked Breath coaching (${formatDate(start, 'Europe/Paris')} ${part('hour')}:${part('minute')} ${part('timeZoneName')}).`,
    );
    const [samNotice] = (await notices(sam.token)).filter((m: string) => m.startsWith('You booked'));
    expect(samNotice).toMatch(/^You booked Breath coaching with Maya \(\d{2}\/\d{2}\/\d{4} 0[45]:00 E[SD]T\)\.$/);
    expect(samNotice).not.toContain('UTC');
  });
});
