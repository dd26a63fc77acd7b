import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateText, dateTimeText, timeText, viewerZone } from './dates';

const inZone = (timeZone: string) => {
  const real = Intl.DateTimeFormat;
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
    locale?: string | string[],
    options?: Intl.DateTimeFormatOptions,
  ) {
    return new real(locale, { timeZone, ...options });
  } as typeof Intl.DateTimeFormat);
};
afterEach(() => vi.restoreAllMocks());

describe("dates in the viewer's zone (spec 02 §9)", () => {
  it('uses the browser zone', () => {
    inZone('Europe/Paris');
    expect(viewerZone()).toBe('Europe/Paris');
    expect(dateText('2026-11-24T23:30:00Z')).toBe('11/25/2026');
    expect(timeText('2026-11-26T09:00:00Z')).toBe('10:00');
    expect(dateTimeText('2026-11-26T09:00:00Z', { withZone: true })).toBe('11/26/2026 10:00 GMT+1');
  });
  it('shows a calendar day as it is and an unreadable value unchanged', () => {
    inZone('America/Los_Angeles');
    expect(dateText('2026-11-24')).toBe('11/24/2026');
    expect(dateText('soon')).toBe('soon');
  });
});
