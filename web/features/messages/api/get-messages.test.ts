// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MESSAGES_PAGE } from '@common/messages/schemas';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { routeFetch } from '@web/testing/route-fetch';
import { buildMessage, ROOM } from '../testing/messages-fixtures';
import { getMissedMessages } from './get-messages';

resetPageBetweenTests({ token: 'token' });

const missedAfter = (m: { _id: string; postedDate: string }) =>
  `GET app/get-messages/${ROOM}?after=${encodeURIComponent(m.postedDate)}&afterId=${m._id}`;

describe('getMissedMessages (a reconnect or resync catch-up)', () => {
  it('pages forward after a full page until a short one, so the newest missed messages arrive too', async () => {
    const last = buildMessage({ postedDate: '2025-03-04T09:00:00.000Z' });
    const missed = Array.from({ length: MESSAGES_PAGE + 50 }, (_, i) =>
      buildMessage({ text: `missed ${i}`, postedDate: new Date(Date.parse(last.postedDate) + 1000 + i).toISOString() }),
    );
    const firstPage = missed.slice(0, MESSAGES_PAGE);
    const fetchMock = routeFetch({
      [missedAfter(last)]: { status: 200, body: firstPage },
      [missedAfter(firstPage.at(-1)!)]: { status: 200, body: missed.slice(MESSAGES_PAGE) },
    });
    const got = await getMissedMessages(ROOM, last);
    expect(got.map((m) => m.text)).toEqual(missed.map((m) => m.text));
    expect(got.at(-1)!.text).toBe(`missed ${MESSAGES_PAGE + 49}`);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
