import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeReleaseCursor, releasePage } from '../../../common/content/release-order';
import { IdParams } from '../../../common/params';
import {
  AccessibleContentAnswer,
  AccessibleContentRequest,
  AppAnswer,
  CourseAnswer,
  CreatedJournalAnswer,
  CreateJournalRequest,
  EngagementAnswer,
  EngagementFlagQuery,
  FullCoursesAnswer,
  HistoryAnswer,
  HistoryQuery,
  HitCountAnswer,
  JournalAnswer,
  JournalRequest,
  PlaybackPositionAnswer,
  SavePlaybackPositionRequest,
  TodayAnswer,
  TrackEngagementRequest,
} from '../../../common/practice/schemas';
import type { User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { badRequest } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { isReleasedTo, memberLibrary, memberToday, withContent } from '../content/library';
import { activeSubscriptionsOf } from '../subscriptions/service';
import { presentContent, presentReleased } from '../content/presenter';
import { contentOwnedBy, findContent, recordOpen } from '../content/service';
import { presentTier } from '../tiers/presenter';
import { listTiersOf, tierById } from '../tiers/service';
import { coursePage, fullCoursesOf } from './courses';
import {
  engagementOf,
  favouriteContentIds,
  latestJournalEntry,
  playbackPositionOf,
  practiceFactsOf,
  totalEngagementSeconds,
} from './queries';
import { addEngagementTime, savePlaybackPosition, toggleFlag, writeJournalEntry } from './service';
import { presentEngagement, presentJournalEntry, presentPlaybackPosition } from './presenter';
import { canPractise } from './policy';

const engagementAnswer = { response: { 200: EngagementAnswer } };
/** The flag calls: `?value=` sets instead of toggling; an Idempotency-Key makes a retry answer the first result. */
const flagCall = {
  config: { idempotent: true },
  schema: { params: IdParams, querystring: EngagementFlagQuery, ...engagementAnswer },
} as const;
const flagValue = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/** Dashboard and content: the member's practice and the facilitator's program data. */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** 404 when the item does not exist or is not (yet) the caller's to practise. */
  const loadPractised = async (user: User, id: string) => {
    const item = await findContent(ctx, id);
    authorize(item !== undefined, hidden('content_not_found'));
    const released = !canPractise(user, item, { released: false }) && (await isReleasedTo(ctx, user, item.id));
    authorize(canPractise(user, item, { released }), hidden('content_not_found'));
    return item;
  };

  app.get('/app', { schema: { response: { 200: AppAnswer } } }, async (req) => {
    const user = requireUser(req);
    if (user.isFacilitator) {
      const [own, items] = await Promise.all([listTiersOf(ctx, user.id, true), contentOwnedBy(ctx, user.id)]);
      return { isFacilitator: true, tiers: own.map((t) => presentTier(t)), content: items.map(presentContent) };
    }
    // the tiers held; their content is not asked for here, so the release engine does not run
    const held = await activeSubscriptionsOf(ctx, user.id);
    return { isFacilitator: false, tiers: held.map((s) => presentTier(s.tier)), content: [] };
  });

  app.get('/app/content', { schema: { response: { 200: TodayAnswer } } }, async (req) => {
    const user = requireUser(req);
    const today = await memberToday(ctx, user);
    // the engagement of today's items only, read beside their full rows
    const [shown, engaged] = await Promise.all([
      withContent(ctx, today),
      engagementOf(
        ctx,
        user.id,
        today.map((t) => t.content.id),
      ),
    ]);
    return {
      allContent: shown.map((t) => presentReleased(t, t.release)),
      allEngagedContent: engaged.map(presentEngagement),
    };
  });

  /** Past practices: keyset pages in release order, optionally favourites only. */
  app.get(
    '/app/content-history',
    { schema: { querystring: HistoryQuery, response: { 200: HistoryAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const { after, limit, favourites } = req.query;
      const cursor = after ? decodeReleaseCursor(after) : null;
      if (after && !cursor) throw badRequest('invalid_cursor');
      const [{ released }, favourite] = await Promise.all([
        memberLibrary(ctx, user),
        favourites === 'true' ? favouriteContentIds(ctx, user.id) : null,
      ]);
      const listed = favourite ? released.filter((r) => favourite.has(r.content.id)) : released;
      const page = releasePage(listed, cursor, limit, (r) => r.release);
      // the engagement of this page's items, and the member's whole time for the daily page
      const [shown, engaged, seconds] = await Promise.all([
        withContent(ctx, page.items),
        engagementOf(
          ctx,
          user.id,
          page.items.map((r) => r.content.id),
        ),
        totalEngagementSeconds(ctx, user.id),
      ]);
      return {
        userContentHistory: shown.map((r) => presentReleased(r, r.release)),
        userEngagementHistory: engaged.map(presentEngagement),
        totalEngagementSeconds: seconds,
        nextCursor: page.nextCursor,
      };
    },
  );

  app.get('/app/complete-content/:id', flagCall, async (req) => {
    const user = requireUser(req);
    const item = await loadPractised(user, req.params.id);
    return presentEngagement(await toggleFlag(ctx, user.id, item.id, 'isComplete', flagValue(req.query.value)));
  });

  app.get('/app/favourite-content/:id', flagCall, async (req) => {
    const user = requireUser(req);
    const item = await loadPractised(user, req.params.id);
    return presentEngagement(await toggleFlag(ctx, user.id, item.id, 'isFavourite', flagValue(req.query.value)));
  });

  /**
   * Which of these items the member may still practise (canPractise, each item's facts loaded for
   * all of them at once): the app asks once at start about everything it saved for offline.
   */
  app.post(
    '/app/accessible-content',
    { schema: { body: AccessibleContentRequest, response: { 200: AccessibleContentAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const asked = [...new Set(req.body.content)];
      const facts = await practiceFactsOf(ctx, user, asked);
      return {
        accessible: asked.filter((id) => {
          const known = facts.get(id);
          return known !== undefined && canPractise(user, known.item, { released: known.released });
        }),
      };
    },
  );

  app.get(
    '/app/increase-content-hits/:id',
    { schema: { params: IdParams, response: { 200: HitCountAnswer } } },
    async (req) => {
      const user = requireUser(req);
      return recordOpen(ctx, user, await loadPractised(user, req.params.id));
    },
  );

  app.post('/app/track-engagement', { schema: { body: TrackEngagementRequest, ...engagementAnswer } }, async (req) => {
    const user = requireUser(req);
    const item = await loadPractised(user, req.body.content);
    return presentEngagement(await addEngagementTime(ctx, user.id, item.id, req.body.milliseconds));
  });

  app.post(
    '/app/create-journal',
    { config: { idempotent: true }, schema: { body: CreateJournalRequest, response: { 200: CreatedJournalAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const item = await loadPractised(user, req.body.content);
      return {
        journalEntry: presentJournalEntry(await writeJournalEntry(ctx, user.id, item.id, req.body.journalText)),
      };
    },
  );

  app.post('/app/journal', { schema: { body: JournalRequest, response: { 200: JournalAnswer } } }, async (req) => {
    const user = requireUser(req);
    const item = await loadPractised(user, req.body.content);
    const entry = await latestJournalEntry(ctx, user.id, item.id);
    return { journalEntry: entry ? presentJournalEntry(entry) : null };
  });

  const playbackAnswer = { params: IdParams, response: { 200: PlaybackPositionAnswer } };

  /** Where the member stopped in the item's audio or video, and where its next open starts. */
  app.get('/app/playback-position/:id', { schema: playbackAnswer }, async (req) => {
    const user = requireUser(req);
    const item = await loadPractised(user, req.params.id);
    return presentPlaybackPosition(item.id, await playbackPositionOf(ctx, user.id, item.id));
  });

  app.put(
    '/app/playback-position/:id',
    { schema: { ...playbackAnswer, body: SavePlaybackPositionRequest } },
    async (req) => {
      const user = requireUser(req);
      const item = await loadPractised(user, req.params.id);
      return presentPlaybackPosition(item.id, await savePlaybackPosition(ctx, user.id, item, req.body));
    },
  );

  /** Courses: one-off tiers the member holds. */
  app.get('/app/full-courses', { schema: { response: { 200: FullCoursesAnswer } } }, async (req) =>
    fullCoursesOf(ctx, requireUser(req)),
  );

  app.get('/app/course/:id', { schema: { params: IdParams, response: { 200: CourseAnswer } } }, async (req) => {
    const user = requireUser(req);
    const tier = await tierById(ctx, req.params.id);
    authorize(tier !== undefined, hidden('course_not_found'));
    return coursePage(ctx, user, tier);
  });
};
