import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { EngagementAnswer, HistoryAnswer } from '@common/practice/schemas';
import { buildContent, CONTENT_ID_1, CONTENT_ID_2 } from '../testing/fake-practice-server';
import { patchEngagement, practiceKeys } from './practice-keys';

const record = (content: string, seconds: number, isComplete = false): EngagementAnswer => ({
  content,
  isComplete,
  isFavourite: false,
  totalEngagementSeconds: seconds,
});
/** A history page holding `ids`, with `records` (its own items' engagement) and the member's total. */
const page = (ids: string[], records: EngagementAnswer[], total: number): HistoryAnswer => ({
  userContentHistory: ids.map((_id) => buildContent({ _id })),
  userEngagementHistory: records,
  totalEngagementSeconds: total,
  nextCursor: null,
});

describe('patchEngagement on history pages (each holds its own items’ records)', () => {
  it("changes only the page that holds the item, and the total by that record's seconds", () => {
    const client = new QueryClient();
    // the daily page's first history page does not hold item 2, which has 50 s of the 110
    client.setQueryData(practiceKeys.history, page([CONTENT_ID_1], [record(CONTENT_ID_1, 60)], 110));
    client.setQueryData<InfiniteData<HistoryAnswer>>(practiceKeys.past(false), {
      pages: [page([CONTENT_ID_1], [record(CONTENT_ID_1, 60, true)], 110), page([CONTENT_ID_2], [], 110)],
      pageParams: [null, 'c1'],
    });

    // a toggle of item 2 (optimistic, then the server's record with its 50 s)
    patchEngagement(client, CONTENT_ID_2, (r) => ({ ...r, isComplete: !r.isComplete }));
    patchEngagement(client, CONTENT_ID_2, () => record(CONTENT_ID_2, 50, true));

    expect(client.getQueryData(practiceKeys.history)).toEqual(page([CONTENT_ID_1], [record(CONTENT_ID_1, 60)], 110));
    const past = client.getQueryData<InfiniteData<HistoryAnswer>>(practiceKeys.past(false))!;
    expect(past.pages[0]).toEqual(page([CONTENT_ID_1], [record(CONTENT_ID_1, 60, true)], 110));
    // the page that holds it had no record (nothing done): 0 s before, 50 s after
    expect(past.pages[1]).toEqual(page([CONTENT_ID_2], [record(CONTENT_ID_2, 50, true)], 160));
  });

  it('moves the total by the change in seconds of a record the page holds', () => {
    const client = new QueryClient();
    client.setQueryData(practiceKeys.history, page([CONTENT_ID_1], [record(CONTENT_ID_1, 60)], 110));
    patchEngagement(client, CONTENT_ID_1, () => record(CONTENT_ID_1, 75, true));
    expect(client.getQueryData<HistoryAnswer>(practiceKeys.history)?.totalEngagementSeconds).toBe(125);
  });
});
