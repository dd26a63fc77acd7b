import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { IdParams } from '../../../common/params';
import { decodeReleaseCursor, releasePage, tierOrder } from '../../../common/content/release-order';
import {
  CreateJournalRequest,
  HistoryQuery,
  JournalRequest,
  TrackEngagementRequest,
} from '../../../common/practice/schemas';
import { content, journalEntries, tiers, users, type Tier, type User } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { canSeeContent, memberLibrary } from '../content/library';
import { presentContent, presentReleased, type ContentWithRefs } from '../content/presenter';
import { selectContent } from '../content/queries';
import { findContent, recordOpen } from '../content/service';
import { presentTier } from '../tiers/presenter';
import { tiersOf } from '../tiers/service';
import { addEngagementTime, engagementOf, presentEngagement, toggleFlag } from './engagement';

const sortInTier = (items: ContentWithRefs[], tier: Pick<Tier, 'contentQueue'>) => {
  const byId = new Map(items.map((i) => [i.content.id, i]));
  const ordered = tierOrder(
    items.map((i) => ({
      id: i.content.id,
      tiers: i.tierIds,
      postedDate: i.content.postedDate,
      createdAt: i.content.createdAt,
    })),
    tier,
  );
  return ordered.map((o) => byId.get(o.id)!);
};

/** spec 02 §7 Dashboard and content: the member's practice and the facilitator's program data. */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** 404 when the item does not exist or is not (yet) the caller's to see. */
  const loadVisible = async (user: User, id: string) => {
    const item = await findContent(ctx, id);
    if (!item || !(await canSeeContent(ctx, user, item))) throw notFound('Content not found');
    return item;
  };

  app.get('/app', async (req) => {
    const user = requireUser(req);
    if (user.isFacilitator) {
      const [own, items] = await Promise.all([
        tiersOf(ctx, user.id),
        selectContent(ctx.db, eq(content.userId, user.id)),
      ]);
      return { isFacilitator: true, tiers: own.map(presentTier), content: items.map(presentContent) };
    }
    const { subscriptions } = await memberLibrary(ctx, user);
    return { isFacilitator: false, tiers: subscriptions.map((s) => presentTier(s.tier)), content: [] };
  });

  app.get('/app/content', async (req) => {
    const user = requireUser(req);
    const [{ today }, engaged] = await Promise.all([memberLibrary(ctx, user), engagementOf(ctx, user.id)]);
    const ids = new Set(today.map((t) => t.content.id));
    return {
      allContent: today.map((t) => presentReleased(t, t.release)),
      allEngagedContent: engaged.filter((e) => ids.has(e.contentId)).map(presentEngagement),
    };
  });

  /** Past practices: keyset pages in release order (issue 15 §16), optionally favourites only. */
  app.get('/app/content-history', { schema: { querystring: HistoryQuery } }, async (req) => {
    const user = requireUser(req);
    const { after, limit, favourites } = req.query;
    const cursor = after ? decodeReleaseCursor(after) : null;
    if (after && !cursor) throw badRequest('Invalid cursor');
    const [{ released }, engaged] = await Promise.all([memberLibrary(ctx, user), engagementOf(ctx, user.id)]);
    const favourite = new Set(engaged.filter((e) => e.isFavourite).map((e) => e.contentId));
    const listed = favourites === 'true' ? released.filter((r) => favourite.has(r.content.id)) : released;
    const page = releasePage(
      listed.map((r) => ({ ...r.release, item: r })),
      cursor,
      limit,
    );
    return {
      userContentHistory: page.items.map((r) => presentReleased(r.item, r)),
      userEngagementHistory: engaged.map(presentEngagement),
      nextCursor: page.nextCursor,
    };
  });

  app.get('/app/complete-content/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    const item = await loadVisible(user, req.params.id);
    return presentEngagement(await toggleFlag(ctx, user.id, item.id, 'isComplete'));
  });

  app.get('/app/favourite-content/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    const item = await loadVisible(user, req.params.id);
    return presentEngagement(await toggleFlag(ctx, user.id, item.id, 'isFavourite'));
  });

  app.get('/app/increase-content-hits/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    return recordOpen(ctx, user, await loadVisible(user, req.params.id));
  });

  app.post('/app/track-engagement', { schema: { body: TrackEngagementRequest } }, async (req) => {
    const user = requireUser(req);
    const item = await loadVisible(user, req.body.content);
    return presentEngagement(await addEngagementTime(ctx, user.id, item.id, req.body.milliseconds));
  });

  app.post('/app/create-journal', { schema: { body: CreateJournalRequest } }, async (req) => {
    const user = requireUser(req);
    const item = await loadVisible(user, req.body.content);
    const [entry] = await ctx.db
      .insert(journalEntries)
      .values({ userId: user.id, contentId: item.id, text: req.body.journalText })
      .returning();
    return { journalEntry: { _id: entry!.id, text: entry!.text, createdAt: entry!.createdAt.toISOString() } };
  });

  app.post('/app/journal', { schema: { body: JournalRequest } }, async (req) => {
    const user = requireUser(req);
    const item = await loadVisible(user, req.body.content);
    const [entry] = await ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, user.id), eq(journalEntries.contentId, item.id)))
      .orderBy(desc(journalEntries.createdAt))
      .limit(1);
    return {
      journalEntry: entry ? { _id: entry.id, text: entry.text, createdAt: entry.createdAt.toISOString() } : null,
    };
  });

  /** Courses: one-off tiers the member holds. */
  app.get('/app/full-courses', async (req) => {
    const user = requireUser(req);
    const { subscriptions } = await memberLibrary(ctx, user);
    const courses = subscriptions.filter((s) => s.tier.type === 'single').map((s) => s.tier);
    if (courses.length === 0) return [];
    const owners = await ctx.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          courses.map((c) => c.userId),
        ),
      );
    const nameOf = new Map(owners.map((o) => [o.id, o.name]));
    return courses.map((c) => ({
      _id: c.id,
      name: c.name,
      description: c.description,
      thumbnail: c.thumbnail,
      facilitator: { _id: c.userId, name: nameOf.get(c.userId) ?? '' },
    }));
  });

  app.get('/app/course/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    const [tier] = await ctx.db.select().from(tiers).where(eq(tiers.id, req.params.id)).limit(1);
    if (!tier) throw notFound('Course not found');
    const isOwner = user.isAdmin || tier.userId === user.id;
    const [library, engaged] = await Promise.all([memberLibrary(ctx, user), engagementOf(ctx, user.id)]);
    if (!isOwner && !library.subscriptions.some((s) => s.tier.id === tier.id))
      throw forbidden('You have not bought this course');
    // release order (issue 15 §2): the member's releases are ordered already; the owner sees queue order
    const items = isOwner
      ? sortInTier(
          await selectContent(
            ctx.db,
            sql`${content.id} in (select content_id from content_tiers where tier_id = ${tier.id})`,
          ),
          tier,
        ).map((i) => presentReleased(i, null))
      : library.released.filter((r) => r.tierIds.includes(tier.id)).map((r) => presentReleased(r, r.release));
    const ids = new Set(items.map((i) => i._id));
    return {
      tier: presentTier(tier),
      allContent: items,
      userEngagementHistory: engaged.filter((e) => ids.has(e.contentId)).map(presentEngagement),
    };
  });
};
