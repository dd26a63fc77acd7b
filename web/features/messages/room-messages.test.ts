import { describe, expect, it } from 'vitest';
import { mergeMessages } from './api/room-messages';
import { visiblePending, type PendingMessage } from './use-pending-messages';
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
  const known = buildMessage({ user: ME, text: 'Hi' });
  const pending = (text: string, status: PendingMessage['status'] = 'sending'): PendingMessage => ({
    key: Math.random(),
    text,
    status,
    knownIds: new Set([known._id]),
  });

  it('hides a sending message whose live frame arrived before its POST answer', () => {
    const arrived = buildMessage({ user: ME, text: 'Hi' });
    expect(visiblePending([pending('Hi')], [known, arrived], ME)).toEqual([]);
  });

  it("keeps it while only older or other people's messages match, and keeps failed ones", () => {
    const theirs = buildMessage({ user: MAYA, text: 'Hi' });
    expect(visiblePending([pending('Hi')], [known, theirs], ME)).toHaveLength(1);
    expect(visiblePending([pending('Hi', 'failed')], [known, buildMessage({ user: ME, text: 'Hi' })], ME)).toHaveLength(
      1,
    );
  });

  it('matches one arrived message to one pending message', () => {
    const arrived = buildMessage({ user: ME, text: 'Hi' });
    expect(visiblePending([pending('Hi'), pending('Hi')], [known, arrived], ME)).toHaveLength(1);
  });
});
