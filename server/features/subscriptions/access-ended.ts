import { and, eq, isNotNull, notExists } from 'drizzle-orm';
import { memberships, subscriptions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { entitledSql } from './entitlement';
import { tierGroupFollows } from './tier-group';

export const ACCESS_ENDED_JOB = 'tier-group-access-ended';
/** How many group places one run looks at; the next run takes the rest. */
const BATCH = 500;

/**
 * A tier's group place whose access ended by the calendar, with no provider event to say so:
 * complimentary access or a gift that ran to its date, a plan cancelled at the period's end whose
 * last event came before that end. Each approved place the tier granted, whose member no longer
 * holds that tier, goes, or passes to another tier of theirs with the same group, exactly as when
 * access ends by an event. Re-running finds nothing more, so two instances do no harm.
 */
export async function endGroupPlacesWithoutAccess(ctx: Pick<AppContext, 'db'>) {
  const stale = await ctx.db
    .select({ userId: memberships.userId, groupId: memberships.groupId, tierId: memberships.grantedByTierId })
    .from(memberships)
    .where(
      and(
        isNotNull(memberships.grantedByTierId),
        eq(memberships.status, 'approved'),
        notExists(
          ctx.db
            .select({ id: subscriptions.id })
            .from(subscriptions)
            .where(
              and(
                eq(subscriptions.userId, memberships.userId),
                eq(subscriptions.tierId, memberships.grantedByTierId),
                entitledSql(),
              ),
            ),
        ),
      ),
    )
    .limit(BATCH);
  for (const place of stale)
    await ctx.db.transaction((tx) =>
      tierGroupFollows(tx, {
        userId: place.userId,
        tier: { id: place.tierId!, associatedGroupId: place.groupId },
        hadAccess: true,
        hasAccess: false,
      }),
    );
  return stale.length;
}

export async function registerAccessEnded(jobs: JobRunner, ctx: () => Pick<AppContext, 'db'>) {
  await jobs.work(ACCESS_ENDED_JOB, () => endGroupPlacesWithoutAccess(ctx()));
  await jobs.schedule(ACCESS_ENDED_JOB, '*/15 * * * *');
}
