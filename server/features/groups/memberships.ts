import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type Group, memberships, type User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import { type CommandContext, inTransaction } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { notify } from '../notifications/service';
import { canJoinGroup, canLeaveGroup } from './policy';
import { approvedCountOf, findGroup, findMembership, membershipOf } from './queries';
import { authorizeManage } from './service';

/**
 * Approves a member only while the cap allows: the group row is locked first, so two
 * concurrent joins for the last seat cannot both win.
 */
async function approveWithinCap(ctx: CommandContext, group: Group, userId: string, requestText: string) {
  return inTransaction(ctx, async ({ db: tx }) => {
    await tx.execute(sql`select id from groups where id = ${group.id} for update`);
    if (group.memberCap !== null && (await approvedCountOf(tx, group.id)) >= group.memberCap)
      throw conflict('group_full');
    const [row] = await tx
      .insert(memberships)
      .values({ groupId: group.id, userId, status: 'approved', requestText })
      .onConflictDoUpdate({ target: [memberships.groupId, memberships.userId], set: { status: 'approved' } })
      .returning();
    return row!;
  });
}

/** Joins an open group, or asks to join a private one (its owner is told). */
export async function joinGroup(ctx: CommandContext, opts: { user: User; group: Group; text: string }) {
  const { user, group, text } = opts;
  const existing = await membershipOf(ctx.db, group.id, user.id);
  if (existing?.status === 'approved' || existing?.status === 'pending') return existing;
  authorize(canJoinGroup(user, group, existing), () => forbidden('membership_declined'));
  if (!group.isPrivate) return approveWithinCap(ctx, group, user.id, text);
  const [row] = await ctx.db
    .insert(memberships)
    .values({ groupId: group.id, userId: user.id, status: 'pending', requestText: text })
    .returning();
  await notify(ctx.db, {
    userId: group.ownerId,
    type: 'join_request',
    message: `${user.name} asked to join ${group.name}.`,
    link: `/group/${group.id}`,
  });
  return row!;
}

export async function leaveGroup(ctx: CommandContext, opts: { user: User; group: Group }) {
  const { user, group } = opts;
  if (group.ownerId === user.id) throw badRequest('owner_cannot_leave');
  const mine = await membershipOf(ctx.db, group.id, user.id);
  if (!canLeaveGroup(user, group, mine)) throw notFound('not_in_group');
  await ctx.db.delete(memberships).where(and(eq(memberships.groupId, group.id), eq(memberships.userId, user.id)));
}

/** A request's status moves pending -> approved | rejected, and approved -> rejected (Remove). */
export async function decideRequest(
  ctx: CommandContext,
  opts: { decider: User; requestId: string; status: 'approved' | 'rejected' },
) {
  const { decider, status } = opts;
  const request = await findMembership(ctx.db, opts.requestId);
  if (!request) throw notFound('request_not_found');
  const group = (await findGroup(ctx.db, request.groupId))!;
  authorizeManage(decider, group);
  if (request.userId === group.ownerId) throw badRequest('owner_cannot_leave');
  // one decision at a time per request (its row locked), and a notice only when the status
  // changed: 20 simultaneous approvals tell the member once
  return inTransaction(ctx, async (tx) => {
    const [current] = await tx.db.select().from(memberships).where(eq(memberships.id, request.id)).for('update');
    if (!current) throw notFound('request_not_found');
    if (current.status === 'rejected') throw badRequest('request_already_rejected');
    if (status === 'approved') {
      if (current.status === 'approved') return current;
      await approveWithinCap(tx, group, current.userId, current.requestText);
    } else {
      await tx.db.update(memberships).set({ status: 'rejected' }).where(eq(memberships.id, current.id));
    }
    await notify(tx.db, {
      userId: current.userId,
      type: 'request_decided',
      message:
        status === 'approved'
          ? `Your request to join ${group.name} was approved.`
          : `Your request to join ${group.name} was declined.`,
      link: `/group/${group.id}`,
    });
    return (await findMembership(tx.db, current.id))!;
  });
}

/**
 * A subscription to a tier with an associated group makes the member an approved member
 * (the tier form's 'Members of this tier are linked to this group'). They get in above
 * the member cap: the tier promised the group, and the owner chose to link it. A membership
 * of their own (approved before) is left as it is; a member the owner removed (rejected) stays
 * removed, and the owner is told they subscribed.
 */
export async function grantTierMembership(db: Executor, opts: { groupId: string; userId: string; tierId: string }) {
  const group = await findGroup(db, opts.groupId);
  if (!group || group.ownerId === opts.userId) return;
  const existing = await membershipOf(db, group.id, opts.userId);
  if (existing?.status === 'approved') return;
  if (existing?.status === 'rejected') {
    await notify(db, {
      userId: group.ownerId,
      type: 'join_request',
      message:
        `A member you removed from ${group.name} subscribed to its plan; ` +
        "add them back from the group's requests if you wish.",
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
    type: 'request_decided',
    message: `You are now a member of ${group.name}.`,
    link: `/group/${group.id}`,
  });
  if (group.memberCap !== null) {
    const n = await approvedCountOf(db, group.id);
    // the owner hears when a subscriber took the group past the cap they set
    if (n > group.memberCap) {
      await notify(db, {
        userId: group.ownerId,
        type: 'join_request',
        message:
          `${group.name} now has ${n} members, above its cap of ${group.memberCap}: ` +
          'members of its linked plan always get in.',
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
  db: Executor,
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

// ---- tags: the admins' list every group picks from
