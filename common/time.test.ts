import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, zoneName } from './time';

describe('formatDate (MM/dd/yyyy)', () => {
  it('shows a calendar day as it is, whatever the zone', () => {
    expect(formatDate('2026-11-24', 'Pacific/Auckland')).toBe('11/24/2026');
  });
  it("shows an instant on the viewer's calendar", () => {
    const at = new Date('2026-11-24T23:30:00Z');
    expect(formatDate(at, 'UTC')).toBe('11/24/2026');
    expect(formatDate(at, 'Europe/Paris')).toBe('11/25/2026');
    expect(formatDate(at, 'America/Los_Angeles')).toBe('11/24/2026');
    expect(formatDate(at.toISOString(), 'Europe/Paris')).toBe('11/25/2026');
  });
});

describe('formatTime (24-hour HH:mm)', () => {
  it("shows the time in the viewer's zone", () => {
    const at = new Date('2026-11-26T09:00:00Z');
    expect(formatTime(at, 'UTC')).toBe('09:00');
    expect(formatTime(at, 'Europe/Paris')).toBe('10:00');
    expect(formatTime(at, 'America/New_York')).toBe('04:00');
    expect(formatTime(new Date('2026-11-26T00:05:00Z'), 'UTC')).toBe('00:05');
  });
});

describe('formatDateTime', () => {
  it('names the zone when asked', () => {
    const at = new Date('2026-11-26T09:00:00Z');
    expect(formatDateTime(at, 'UTC')).toBe('11/26/2026 09:00');
    expect(formatDateTime(at, 'America/New_York', { withZone: true })).toBe('11/26/2026 04:00 EST');
    expect(formatDateTime(at, 'Europe/Paris', { withZone: true })).toBe('11/26/2026 10:00 GMT+1');
    expect(zoneName(at, 'UTC')).toBe('UTC');
  });
});
