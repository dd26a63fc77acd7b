import { vi } from 'vitest';
import type { ReleasedContentAnswer as ContentAnswer } from '@common/content/schemas';
import type { CourseAnswer, CourseSummary, EngagementAnswer } from '@common/practice/schemas';

export const CONTENT_ID_1 = '0b7d3f7e-1c2a-4d1e-9f61-6a1d2c3b4e51';
export const CONTENT_ID_2 = '0b7d3f7e-1c2a-4d1e-9f61-6a1d2c3b4e52';

export function buildContent(overrides: Partial<ContentAnswer> = {}): ContentAnswer {
  return {
    _id: CONTENT_ID_1,
    title: 'Morning sit',
    description: 'Sit comfortably.\nBreathe.',
    thumbnail: null,
    media: null,
    fileType: null,
    contentType: 'meditation',
    tiers: [],
    inPostQueue: true,
    postNow: false,
    postedDate: '2026-11-22T07:00:00.000Z',
    hitCount: 0,
    release: { day: '2026-11-22', queueDay: null },
    user: { _id: 'f1a2b3c4-0000-4000-8000-000000000001', name: 'Mira Stone', profilePicture: null },
    ...overrides,
  };
}

type FakeServerState = {
  today: ContentAnswer[];
  engagement: EngagementAnswer[];
  /** Released to me before today too (content-history); defaults to today's items. */
  history?: ContentAnswer[];
  courses?: CourseSummary[];
  /** Course pages by id; any other id answers 404. */
  coursePages?: Record<string, Omit<CourseAnswer, 'userEngagementHistory'>>;
  /** My latest journal entry (one for all items here). */
  journal?: { _id: string; text: string; createdAt: string } | null;
  /** Where I stopped in each item's recording, in seconds (PUT app/playback-position keeps them here). */
  positions?: Record<string, number>;
};

const notFound = () =>
  new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404, statusText: 'Not Found' });

/**
 * A stand-in for the practice API behind a mocked global fetch: it keeps the member's engagement,
 * toggles it like the server does, and records every request for the test to read.
 */
export function fakePracticeServer(state: FakeServerState) {
  const record = (id: string) => {
    let found = state.engagement.find((e) => e.content === id);
    if (!found) {
      found = { content: id, isComplete: false, isFavourite: false, totalEngagementSeconds: 0 };
      state.engagement.push(found);
    }
    return found;
  };
  // as the server answers: the engagement of the items shown, not all of it
  const engagementOf = (items: Array<{ _id: string }>) =>
    state.engagement.filter((e) => items.some((item) => item._id === e.content));
  // keyset stand-in: the cursor is the id of the last item of the previous page
  const historyPage = (query: URLSearchParams) => {
    const favourite = (id: string) => state.engagement.some((e) => e.content === id && e.isFavourite);
    const all = (state.history ?? state.today).filter((c) => query.get('favourites') !== 'true' || favourite(c._id));
    const after = query.get('after');
    const start = after ? all.findIndex((c) => c._id === after) + 1 : 0;
    const limit = Number(query.get('limit') ?? 24);
    const items = all.slice(start, start + limit);
    const nextCursor = start + limit < all.length ? items.at(-1)!._id : null;
    const totalEngagementSeconds = state.engagement.reduce((sum, e) => sum + e.totalEngagementSeconds, 0);
    return {
      userContentHistory: items,
      userEngagementHistory: engagementOf(items),
      totalEngagementSeconds,
      nextCursor,
    };
  };
  const answers: Array<[RegExp, (match: RegExpMatchArray, body: unknown) => unknown]> = [
    [/^auth\/whoami/, () => ({ isLoggedIn: true, streak: 3, name: 'Ada', isFacilitator: false })],
    [/^app\/content$/, () => ({ allContent: state.today, allEngagedContent: engagementOf(state.today) })],
    [/^app\/content-history(?:\?(.*))?$/, ([, query]) => historyPage(new URLSearchParams(query ?? ''))],
    [/^app\/full-courses$/, () => state.courses ?? []],
    [
      /^app\/course\/(.+)$/,
      ([, id]) => {
        const page = state.coursePages?.[id];
        return page && { ...page, userEngagementHistory: engagementOf(page.allContent) };
      },
    ],
    // `?value=` sets the flag, as the server does; without it the call toggles
    [
      /^app\/complete-content\/([^?]+)(?:\?value=(true|false))?$/,
      ([, id, value]) => Object.assign(record(id!), { isComplete: value ? value === 'true' : !record(id!).isComplete }),
    ],
    [
      /^app\/favourite-content\/([^?]+)(?:\?value=(true|false))?$/,
      ([, id, value]) =>
        Object.assign(record(id!), { isFavourite: value ? value === 'true' : !record(id!).isFavourite }),
    ],
    [/^app\/increase-content-hits\/(.+)$/, () => ({ hitCount: 1 })],
    [/^app\/track-engagement$/, () => ({})],
    [/^app\/journal$/, () => ({ journalEntry: state.journal ?? null })],
    [/^app\/get-signed-url\/(.+)$/, ([, key]) => ({ signedUrl: `/api/files/${key}?sig=x`, contentType: 'audio/wav' })],
    [/^image-config$/, () => ({ urlEndpoint: '/images', publicKey: 'public_tend', uploadUrl: '/api/images/upload' })],
    [
      /^app\/playback-position\/(.+)$/,
      ([, id], body) => {
        state.positions ??= {};
        if (body) state.positions[id] = (body as { position: number }).position;
        const position = state.positions[id] ?? 0;
        return { content: id, position, duration: null, resumeAt: position, finished: false, updatedAt: null };
      },
    ],
    [
      /^app\/create-journal$/,
      (_, body) => {
        const { journalText } = body as { journalText: string };
        state.journal = {
          _id: `entry-${journalText.length}`,
          text: journalText,
          createdAt: '2026-11-22T08:30:00.000Z',
        };
        return { journalEntry: state.journal };
      },
    ],
  ];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api\//, '');
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    for (const [pattern, answer] of answers) {
      const match = path.match(pattern);
      if (!match) continue;
      const answered = answer(match, body);
      return answered === undefined ? notFound() : new Response(JSON.stringify(answered), { status: 200 });
    }
    return notFound();
  });
  vi.stubGlobal('fetch', fetchMock);

  /** The requests sent to one path (without /api/; its query too when `path` has one), with their init. */
  const requestsTo = (path: string) =>
    fetchMock.mock.calls
      .filter(([url]) => (path.includes('?') ? url : url.split('?')[0]) === `/api/${path}`)
      .map(([, init]) => init ?? {});
  return { fetchMock, requestsTo };
}
