import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SaveGroupRequest } from '../../../common/groups/schemas';
import { GROUP_MESSAGES } from '../../../common/groups/schemas';
import type { Database } from '../../db/client';
import { groups, groupTags, memberships, tags as tagTable, users, type Group, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { notify } from '../notifications/service';
import { authorize, hidden } from '../../platform/authorize';
import { canEnterGroup, canManageGroup, canViewGroup } from './policy';
import { membershipOf } from './queries';

export async function isOwnGroup(ctx: AppContext, ownerId: string, groupId: string) {
  const rows = await ctx.db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.ownerId, ownerId)));
  return rows.length > 0;
}

export const findGroup = async (ctx: AppContext, id: string) =>
  (await ctx.db.select().from(groups).where(eq(groups.id, id)).limit(1))[0];

/** A group with the caller's membership in it (any status), or undefined when there is no such group. */
export async function groupAccess(ctx: AppContext, user: User, id: string) {
  const group = await findGroup(ctx, id);
  if (!group) return undefined;
  return { group, membership: await membershipOf(ctx.db, id, user.id) };
}

/** A group the caller may know exists (policy canViewGroup); 404 for everyone else, as if it did not exist. */
export async function findKnownGroup(ctx: AppContext, user: User, id: string) {
  const access = await groupAccess(ctx, user, id);
  authorize(access !== undefined && canViewGroup(user, access.group, access.membership), hidden('group_not_found'));
  return access.group;
}

/** Owner, admin or approved member (policy canEnterGroup). */
export async function isInGroup(ctx: AppContext, user: User, groupId: string) {
  const access = await groupAccess(ctx, user, groupId);
  return access !== undefined && canEnterGroup(user, access.group, access.membership);
}

/** Any member may create a community (spec 02 §2); the owner is its first member. */
export async function saveGroup(
  ctx: AppContext,
  user: User,
  input: SaveGroupRequest,
  existing?: Group,
  inTransaction?: (tx: Database, group: Group) => Promise<void>,
) {
  const { tags: tagIds, ...fields } = input;
  const tags = [...new Set(tagIds)];
  if (tags.length) {
    const known = await ctx.db.select({ id: tagTable.id }).from(tagTable).where(inArray(tagTable.id, tags));
    if (known.length !== tags.length)
      throw badRequest('unknown_tag', { message: 'One of the tags does not exist any more. Reload and pick again.' });
  }
  return ctx.db.transaction(async (tx) => {
    const [group] = existing
      ? await tx
          .update(groups)
          .set({ ...fields, memberCap: fields.memberCap ?? null })
          .where(eq(groups.id, existing.id))
          .returning()
      : await tx
          .insert(groups)
          .values({ ...fields, memberCap: fields.memberCap ?? null, ownerId: user.id })
          .returning();
    if (!existing) await tx.insert(memberships).values({ groupId: group!.id, userId: user.id, status: 'approved' });
    await tx.delete(groupTags).where(eq(groupTags.groupId, group!.id));
    if (tags.length)
      await tx
        .insert(groupTags)
        .values(tags.map((tagId) => ({ groupId: group!.id, tagId })))
        .onConflictDoNothing();
    await inTransaction?.(tx, group!);
    return group!;
  });
}

/**
 * Approves a member only while the cap allows: the group row is locked first, so two
 * concurrent joins for the last seat cannot both win (DESIGN.md §5 Concurrency).
 */
async function approveWithinCap(db: Database, group: Group, userId: string, requestText: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from groups where id = ${group.id} for update`);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(and(eq(memberships.groupId, group.id), eq(memberships.status, 'approved')))) as [{ n: number }];
    if (group.memberCap !== null && Number(n) >= group.memberCap) throw conflict(GROUP_MESSAGES.full);
    const [row] = await tx
      .insert(memberships)
      .values({ groupId: group.id, userId, status: 'approved', requestText })
      .onConflictDoUpdate({ target: [memberships.groupId, memberships.userId], set: { status: 'approved' } })
      .returning();
    return row!;
  });
}

export async function joinGroup(ctx: AppContext, user: User, group: Group, text: string) {
  const existing = await membershipOf(ctx.db, group.id, user.id);
  if (existing?.status === 'approved' || existing?.status === 'pending') return existing;
  if (existing?.status === 'rejected') throw forbidden(GROUP_MESSAGES.rejected);
  if (!group.isPrivate) return approveWithinCap(ctx.db, group, user.id, text);
  const [row] = await ctx.db
    .insert(memberships)
    .values({ groupId: group.id, userId: user.id, status: 'pending', requestText: text })
    .returning();
  await notify(ctx.db, {
    userId: group.ownerId,
    message: `${user.name} asked to join ${group.name}.`,
    link: `/group/${group.id}`,
  });
  return row!;
}

export async function leaveGroup(ctx: AppContext, user: User, group: Group) {
  if (group.ownerId === user.id) throw badRequest(GROUP_MESSAGES.ownerCannotLeave);
  const removed = await ctx.db
    .delete(memberships)
    .where(and(eq(memberships.groupId, group.id), eq(memberships.userId, user.id)))
    .returning();
  if (!removed.length) throw notFound('You are not in this group');
}

export function authorizeOwner(user: User, group: Group) {
  authorize(canManageGroup(user, group), () => forbidden('group_owner_only'));
}

/** spec 02 §4: pending -> approved | rejected; approved -> rejected (Remove). */
export async function decideRequest(
  ctx: AppContext,
  requestId: string,
  decider: User,
  status: 'approved' | 'rejected',
) {
  const [request] = await ctx.db.select().from(memberships).where(eq(memberships.id, requestId)).limit(1);
  if (!request) throw notFound('Request not found');
  const group = (await findGroup(ctx, request.groupId))!;
  authorizeOwner(decider, group);
  if (request.userId === group.ownerId) throw badRequest(GROUP_MESSAGES.ownerCannotLeave);
  if (request.status === 'rejected') throw badRequest('This request was already rejected.');
  if (status === 'approved') {
    if (request.status === 'approved') return request;
    await approveWithinCap(ctx.db, group, request.userId, request.requestText);
  } else {
    await ctx.db.update(memberships).set({ status: 'rejected' }).where(eq(memberships.id, request.id));
  }
  await notify(ctx.db, {
    userId: request.userId,
    message:
      status === 'approved'
        ? `Your request to join ${group.name} was approved.`
        : `Your request to join ${group.name} was declined.`,
    link: `/group/${group.id}`,
  });
  return (await ctx.db.select().from(memberships).where(eq(memberships.id, request.id)))[0]!;
}

export async function requestsOf(ctx: AppContext, groupId: string) {
  const rows = await ctx.db
    .select({ m: memberships, user: { id: users.id, name: users.name, email: users.email } })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(and(eq(memberships.groupId, groupId), sql`${memberships.userId} <> ${groups.ownerId}`))
    .orderBy(asc(memberships.createdAt));
  return rows.map(({ m, user }) => ({
    _id: m.id,
    user: { _id: user.id, name: user.name, email: user.email },
    status: m.status,
    requestText: m.requestText,
  }));
}

/**
 * A subscription to a tier with an associated group makes the member an approved member
 * (spec 02 §2 tier form: 'Members of this tier are linked to this group'). They get in above
 * the member cap: the tier promised the group, and the owner chose to link it. A membership
 * of their own (approved before) is left as it is; a member the owner removed (rejected) stays
 * removed, and the owner is told they subscribed.
 */
export async function grantTierMembership(db: Database, opts: { groupId: string; userId: string; tierId: string }) {
  const [group] = await db.select().from(groups).where(eq(groups.id, opts.groupId)).limit(1);
  if (!group || group.ownerId === opts.userId) return;
  const existing = await membershipOf(db, group.id, opts.userId);
  if (existing?.status === 'approved') return;
  if (existing?.status === 'rejected') {
    await notify(db, {
      userId: group.ownerId,
      message: `A member you removed from ${group.name} subscribed to its plan; add them back from the group's requests if you wish.`,
      link: `/group/${group.id}`,
    });
    return;
  }
  await db
    .insert(memberships)
    .values({ groupId: group.id, userId: opts.userId, status: 'approved', grantedByTierId: opts.tierId })
    .onConflictDoUpdate({
      target: [memberships.groupId, memberships.userId],
      set: { status: 'approved', grantedByTierId: opts.tierId },
    });
  await notify(db, {
    userId: opts.userId,
    message: `You are now a member of ${group.name}.`,
    link: `/group/${group.id}`,
  });
  if (group.memberCap !== null) {
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(and(eq(memberships.groupId, group.id), eq(memberships.status, 'approved')))) as [{ n: number }];
    // the owner hears when a subscriber took the group past the cap they set
    if (Number(n) > group.memberCap) {
      await notify(db, {
        userId: group.ownerId,
        message: `${group.name} now has ${n} members, above its cap of ${group.memberCap}: members of its linked plan always get in.`,
        link: `/group/${group.id}`,
      });
    }
  }
}

/**
 * The subscription of `tierId` ended: the membership it granted ends too, unless another of the
 * member's active tiers links the same group (`keptBy`), which then holds it.
 */
export async function endTierMembership(
  db: Database,
  opts: { groupId: string; userId: string; tierId: string; keptBy?: string },
) {
  // a member the owner removed meanwhile (rejected) stays removed
  const granted = and(
    eq(memberships.groupId, opts.groupId),
    eq(memberships.userId, opts.userId),
    eq(memberships.grantedByTierId, opts.tierId),
    eq(memberships.status, 'approved'),
  );
  if (opts.keptBy) await db.update(memberships).set({ grantedByTierId: opts.keptBy }).where(granted);
  else await db.delete(memberships).where(granted);
}
