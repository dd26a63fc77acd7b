// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getWhoami, SIGNED_OUT, ZONE_KEY } from './get-whoami';

const ME = { isLoggedIn: true, streak: 3, _id: 'u1', name: 'Ada', email: 'ada@example.com' };

/** The server's answers, and the time zones whoami was asked with, in order. */
function answerWhoami(status = 200) {
  const zones: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      zones.push(new URL(url, 'http://localhost').searchParams.get('tz') ?? '');
      return new Response(JSON.stringify(status === 200 ? ME : { error: 'unauthorized' }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return zones;
}

/** The browser's zone as Intl reports it. */
function browserIn(zone: string) {
  const real = Intl.DateTimeFormat;
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(((...args: ConstructorParameters<typeof real>) => {
    const format = new real(...args);
    const options = format.resolvedOptions();
    return Object.assign(format, { resolvedOptions: () => ({ ...options, timeZone: zone }) });
  }) as unknown as typeof Intl.DateTimeFormat);
}

beforeEach(() => {
  localStorage.setItem('token', 'member-token');
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('whoami and the time zone (the server counts the streak in it)', () => {
  it('sends the zone it was sent with last time without waiting for Intl, once when it has not changed', async () => {
    localStorage.setItem(ZONE_KEY, 'Europe/Lisbon');
    browserIn('Europe/Lisbon');
    const zones = answerWhoami();
    const asked = getWhoami();
    // the call is out before the zone is read (Intl's first use is slow on a phone)
    expect(zones).toEqual(['Europe/Lisbon']);
    expect(Intl.DateTimeFormat).not.toHaveBeenCalled();
    expect(await asked).toMatchObject({ isLoggedIn: true, name: 'Ada' });
    expect(zones).toEqual(['Europe/Lisbon']);
  });

  it('asks again with the new zone, after the first answer, when the browser moved', async () => {
    localStorage.setItem(ZONE_KEY, 'Europe/Lisbon');
    browserIn('America/New_York');
    const zones = answerWhoami();
    expect(await getWhoami()).toMatchObject({ isLoggedIn: true });
    expect(zones).toEqual(['Europe/Lisbon', 'America/New_York']);
    expect(localStorage.getItem(ZONE_KEY)).toBe('America/New_York');
  });

  it("reads the zone first on a browser's first visit, and keeps it", async () => {
    browserIn('Asia/Tokyo');
    const zones = answerWhoami();
    expect(await getWhoami()).toMatchObject({ isLoggedIn: true });
    expect(zones).toEqual(['Asia/Tokyo']);
    expect(localStorage.getItem(ZONE_KEY)).toBe('Asia/Tokyo');
  });

  it('is signed out without a token, and when the server refuses the token', async () => {
    const zones = answerWhoami(401);
    localStorage.removeItem('token');
    expect(await getWhoami()).toEqual(SIGNED_OUT);
    expect(zones).toEqual([]);
    localStorage.setItem('token', 'member-token');
    expect(await getWhoami()).toEqual(SIGNED_OUT);
  });
});
