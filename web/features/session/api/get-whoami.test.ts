// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getWhoami, SIGNED_OUT, ZONE_KEY, ZONE_NAME_CHECK_MS } from './get-whoami';

/** The server's answers in turn (the last one repeats), and the time zones whoami was asked with. */
function answerWhoami(...answers: Array<{ status: number; body: unknown }>) {
  const zones: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      zones.push(new URL(url, 'http://localhost').searchParams.get('tz') ?? '');
      const { status, body } = answers[Math.min(zones.length, answers.length) - 1]!;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return zones;
}
const signedIn = (name: string) => ({ status: 200, body: { isLoggedIn: true, streak: 3, _id: 'u1', name } });
const refused = { status: 401, body: { error: 'unauthorized', message: 'Sign in again.' } };

/** The browser's zone as Intl reports it. */
function browserIn(zone: string) {
  const real = Intl.DateTimeFormat;
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(((...args: ConstructorParameters<typeof real>) => {
    const format = new real(...args);
    const options = format.resolvedOptions();
    return Object.assign(format, { resolvedOptions: () => ({ ...options, timeZone: zone }) });
  }) as unknown as typeof Intl.DateTimeFormat);
}

const offsetNow = () => new Date().getTimezoneOffset();
/** whoami was sent `zone` at `offset`, its name last read from the browser at `checkedAt` */
const sentBefore = (zone: string, offset = offsetNow(), checkedAt?: number) =>
  localStorage.setItem(ZONE_KEY, JSON.stringify({ zone, offset, checkedAt }));
const kept = () => JSON.parse(localStorage.getItem(ZONE_KEY)!);
const keptNow = (zone: string) => ({ zone, offset: offsetNow(), checkedAt: expect.closeTo(Date.now(), -4) });

beforeEach(() => {
  localStorage.setItem('token', 'member-token');
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('whoami and the time zone (the server counts the streak in it)', () => {
  it('at the offset of last time, sends the zone sent then without waiting for Intl, and once when it is the same', async () => {
    sentBefore('Europe/Lisbon');
    browserIn('Europe/Lisbon');
    const zones = answerWhoami(signedIn('Ada'));
    const asked = getWhoami();
    // the call is out before the zone is read (Intl's first use is slow on a phone)
    expect(zones).toEqual(['Europe/Lisbon']);
    expect(Intl.DateTimeFormat).not.toHaveBeenCalled();
    expect(await asked).toMatchObject({ isLoggedIn: true, name: 'Ada' });
    expect(zones).toEqual(['Europe/Lisbon']);
    expect(kept()).toEqual(keptNow('Europe/Lisbon'));
  });

  it('reads the name again at most once a day while the offset stays: within the day, not at all', async () => {
    sentBefore('Europe/Lisbon', offsetNow(), Date.now() - ZONE_NAME_CHECK_MS + 60_000);
    browserIn('Europe/London');
    const zones = answerWhoami(signedIn('Ada'));
    expect(await getWhoami()).toMatchObject({ isLoggedIn: true, name: 'Ada' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(Intl.DateTimeFormat).not.toHaveBeenCalled();
    expect(zones).toEqual(['Europe/Lisbon']);

    sentBefore('Europe/Lisbon', offsetNow(), Date.now() - ZONE_NAME_CHECK_MS - 60_000);
    expect(await getWhoami()).toMatchObject({ isLoggedIn: true });
    expect(zones).toEqual(['Europe/Lisbon', 'Europe/Lisbon', 'Europe/London']);
    expect(kept()).toEqual(keptNow('Europe/London'));
  });

  it('at the same offset under another name, asks again with the new name and answers with that answer', async () => {
    sentBefore('Europe/Lisbon');
    browserIn('Europe/London');
    const zones = answerWhoami(signedIn('first'), signedIn('second'));
    expect(await getWhoami()).toMatchObject({ isLoggedIn: true, name: 'second' });
    expect(zones).toEqual(['Europe/Lisbon', 'Europe/London']);
    expect(kept()).toEqual(keptNow('Europe/London'));
  });

  it.each([
    [
      'at another offset (a trip): the visit is counted on the local day',
      () => sentBefore('Asia/Tokyo', offsetNow() - 540),
    ],
    ["on a browser's first visit", () => undefined],
  ])('reads the zone first %s, and keeps it with its offset', async (_when, before) => {
    before();
    browserIn('Europe/Lisbon');
    const zones = answerWhoami(signedIn('Ada'));
    expect(await getWhoami()).toMatchObject({ isLoggedIn: true });
    expect(zones).toEqual(['Europe/Lisbon']);
    expect(kept()).toEqual(keptNow('Europe/Lisbon'));
  });

  it('is signed out without a token, and when the server refuses the token (without asking twice)', async () => {
    const zones = answerWhoami(refused);
    localStorage.removeItem('token');
    expect(await getWhoami()).toEqual(SIGNED_OUT);
    expect(zones).toEqual([]);
    localStorage.setItem('token', 'member-token');
    sentBefore('Europe/Lisbon');
    browserIn('Europe/London');
    expect(await getWhoami()).toEqual(SIGNED_OUT);
    expect(zones).toEqual(['Europe/Lisbon']);
  });
});
