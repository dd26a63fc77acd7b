import { inArray, sql } from 'drizzle-orm';
import { tierOrder } from '../../../common/content/release-order';
import type { CourseAnswer, CourseSummary } from '../../../common/practice/schemas';
import { content, type Tier, type User, users } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { memberLibrary, withContent } from '../content/library';
import { activeSubscriptionsOf } from '../subscriptions/service';
import { canViewCourse, seesCourseAsOwner } from '../content/policy';
import { type ContentWithRefs, presentReleased } from '../content/presenter';
import { selectContent } from '../content/queries';
import { presentTier } from '../tiers/presenter';
import { engagementOf } from './queries';
import { presentEngagement } from './presenter';

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

/** Courses: the one-off tiers the member holds, with their facilitators' names. */
export async function fullCoursesOf(ctx: AppContext, member: User): Promise<CourseSummary[]> {
  // the courses held, not what they have released (the release engine does not run)
  const held = await activeSubscriptionsOf(ctx, member.id);
  const courses = held.filter((s) => s.tier.type === 'single').map((s) => s.tier);
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
}

/**
 * A course page, for its buyer, its owner and admins (content/policy.ts canViewCourse). The
 * member sees their releases in release order; the owner sees every item in queue order.
 */
export async function coursePage(ctx: AppContext, user: User, tier: Tier): Promise<CourseAnswer> {
  const library = await memberLibrary(ctx, user);
  const holds = library.subscriptions.some((s) => s.tier.id === tier.id);
  authorize(canViewCourse(user, tier, { holds }), () => forbidden('course_not_bought'));
  const items = seesCourseAsOwner(user, tier)
    ? sortInTier(
        await selectContent(
          ctx.db,
          sql`${content.id} in (select content_id from content_tiers where tier_id = ${tier.id})`,
        ),
        tier,
      ).map((i) => presentReleased(i, null))
    : (
        await withContent(
          ctx,
          library.released.filter((r) => r.tierIds.includes(tier.id)),
        )
      ).map((r) => presentReleased(r, r.release));
  const engaged = await engagementOf(
    ctx,
    user.id,
    items.map((i) => i._id),
  );
  return { tier: presentTier(tier), allContent: items, userEngagementHistory: engaged.map(presentEngagement) };
}
