import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatTime } from '@common/time';
import { setTestTimeZone } from '@web/testing/time-zone';
import { dateText, dateTimeText, timeText, viewerZone } from './dates';

let restoreZone = () => {};
const inZone = (timeZone: string) => {
  restoreZone();
  restoreZone = setTestTimeZone(timeZone);
};
afterEach(() => {
  restoreZone();
  restoreZone = () => {};
  vi.restoreAllMocks();
});

describe("dates in the viewer's zone", () => {
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
    expect(timeText('soon')).toBe('soon');
  });

  // the browser's own zone is read from Date's local getters (no Intl before the first paint):
  // they must say what common/time says for the zone viewerZone() names, across DST changes,
  // half- and quarter-hour offsets and the date line
  it.each(['America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'Pacific/Kiritimati', 'UTC'])(
    'agrees with common/time in %s',
    (zone) => {
      inZone(zone);
      const intl = vi.spyOn(Intl, 'DateTimeFormat');
      const instants = Array.from({ length: 120 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 3.1 * 86_400_000));
      const shown = instants.map((at) => [dateText(at), timeText(at), dateTimeText(at)]);
      expect(intl).not.toHaveBeenCalled();
      intl.mockRestore();
      expect(shown).toEqual(
        instants.map((at) => [formatDate(at, zone), formatTime(at, zone), formatDateTime(at, zone)]),
      );
    },
  );
});
