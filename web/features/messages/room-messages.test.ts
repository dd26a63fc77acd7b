import { describe, expect, it } from 'vitest';
import { mergeMessages } from './api/room-messages';
import { newClientKey, visiblePending, type PendingMessage } from './use-pending-messages';
import { buildMessage, MAYA, ME } from './testing/messages-fixtures';

describe('mergeMessages', () => {
  it('adds new messages once each, oldest first', () => {
    const a = buildMessage({ postedDate: '2025-03-04T09:00:00.000Z' });
    const b = buildMessage({ postedDate: '2025-03-04T09:05:00.000Z' });
    const c = buildMessage({ postedDate: '2025-03-04T09:02:00.000Z' });
    expect(mergeMessages([a, b], [b, c, c]).map((m) => m._id)).toEqual([a._id, c._id, b._id]);
  });

  it('returns the same list when nothing is new (no re-render)', () => {
    const list = [buildMessage()];
    expect(mergeMessages(list, [list[0]!])).toBe(list);
  });
});

describe('visiblePending', () => {
  const pending = (clientKey: string, status: PendingMessage['status'] = 'sending'): PendingMessage => ({
    key: Math.random(),
    text: 'Hi',
    status,
    clientKey,
  });

  it('hides a sending message whose stored copy arrived (live frame or catch-up) before its answer', () => {
    const arrived = buildMessage({ user: ME, text: 'Hi', clientKey: 'k1' });
    expect(visiblePending([pending('k1')], [arrived])).toEqual([]);
  });

  it('hides a failed one too when its copy was stored after all: no Retry that would send it twice', () => {
    const arrived = buildMessage({ user: ME, text: 'Hi', clientKey: 'k1' });
    expect(visiblePending([pending('k1', 'failed')], [arrived])).toEqual([]);
  });

  it('keeps the ones whose key has not come back, whatever text other messages carry', () => {
    const same = buildMessage({ user: ME, text: 'Hi', clientKey: 'other' });
    const theirs = buildMessage({ user: MAYA, text: 'Hi' });
    expect(visiblePending([pending('k1'), pending('k2', 'failed')], [same, theirs])).toHaveLength(2);
  });

  it('makes a version 4 UUID for each message', () => {
    const a = newClientKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newClientKey()).not.toBe(a);
  });
});
