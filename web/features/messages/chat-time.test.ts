import { describe, expect, it } from 'vitest';
import { formatChatTime } from './chat-time';

// Local times, so the test reads the same in every time zone.
const now = new Date(2025, 2, 4, 18, 30);

describe('formatChatTime', () => {
  it("shows 'HH:mm' (24-hour) for a message from today", () => {
    expect(formatChatTime(new Date(2025, 2, 4, 9, 5), now)).toBe('09:05');
    expect(formatChatTime(new Date(2025, 2, 4, 17, 45).toISOString(), now)).toBe('17:45');
    expect(formatChatTime(new Date(2025, 2, 4, 0, 0), now)).toBe('00:00');
  });

  it("shows 'MMM d HH:mm' for any other day", () => {
    expect(formatChatTime(new Date(2025, 2, 3, 23, 59), now)).toBe('Mar 3 23:59');
    expect(formatChatTime(new Date(2024, 11, 25, 7, 0).toISOString(), now)).toBe('Dec 25 07:00');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatChatTime('not a date', now)).toBe('');
  });
});
