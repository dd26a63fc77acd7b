import { and, eq, ne, sql } from 'drizzle-orm';
import type { SaveGroupRequest } from '../../../common/groups/schemas';
import { type Group, groups, groupTags, memberships, tags as tagTable, type User } from '../../db/schema';

type Tag = typeof tagTable.$inferSelect;
import { authorize, hidden } from '../../platform/authorize';
import { type AppContext, type CommandContext, inTransaction, recordAudit } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound, uniqueViolation } from '../../platform/errors';
import { canEnterGroup, canFindGroup, canManageGroup, canViewGroup } from './policy';
import {
  allTags,
  countKnownTags,
  findGroup,
  findTag,
  firstMembers,
  groupListWhere,
  groupsPage,
  membershipOf,
  ownedBy,
  isOwnGroup as ownsGroup,
  requestsOf,
  selectGroups,
  shownGroup,
} from './queries';

/** Does `ownerId` own `groupId`? (a tier's associated group) */
export const isOwnGroup = (ctx: AppContext, ownerId: string, groupId: string) => ownsGroup(ctx.db, ownerId, groupId);

// ---- the group calls' reads (queries.ts), each taking the request's context

/** A group as `viewerId` is shown it (member count, owner, my status). */
export const groupShownTo = (ctx: AppContext, viewerId: string, id: string) => shownGroup(ctx.db, viewerId, id);

/** The caller's own groups (the tier form's associated group), hidden ones included. */
export const ownGroups = (ctx: AppContext, userId: string) => selectGroups(ctx.db, userId, ownedBy(userId));

/** A page of Explore or My Groups. */
export const groupListPage = (
  ctx: AppContext,
  viewerId: string,
  query: Parameters<typeof groupListWhere>[1] & { cursor?: string; limit: number },
) => groupsPage(ctx.db, viewerId, groupListWhere(viewerId, query), { cursor: query.cursor, limit: query.limit });

/** The first `count` approved members of a group. */
export const firstMembersOf = (ctx: AppContext, groupId: string, count: number) => firstMembers(ctx.db, groupId, count);

/** My membership (request) in a group, if any. */
export const myMembership = (ctx: AppContext, groupId: string, userId: string) => membershipOf(ctx.db, groupId, userId);

/** A group's membership requests. */
export const membershipRequests = (ctx: AppContext, groupId: string) => requestsOf(ctx.db, groupId);

/** Every tag, alphabetically. */
export const listTags = (ctx: AppContext) => allTags(ctx.db);

/** A group with the caller's membership in it (any status), or undefined when there is no such group. */
export async function groupAccess(ctx: AppContext, user: User, id: string) {
  const group = await findGroup(ctx.db, id);
  if (!group) return undefined;
  return { group, membership: await membershipOf(ctx.db, id, user.id) };
}

/** A group the caller may know exists (policy canViewGroup); 404 for everyone else, as if it did not exist. */
export async function findKnownGroup(ctx: AppContext, user: User, id: string) {
  const access = await groupAccess(ctx, user, id);
  authorize(access !== undefined && canViewGroup(user, access.group, access.membership), hidden('group_not_found'));
  return access.group;
}

/** A group by id for the admin screens; 404 when it is gone. */
export async function loadGroup(ctx: AppContext, id: string) {
  const group = await findGroup(ctx.db, id);
  if (!group) throw notFound('group_not_found');
  return group;
}

/** Owner, admin or approved member (policy canEnterGroup). */
export async function isInGroup(ctx: AppContext, user: User, groupId: string) {
  const access = await groupAccess(ctx, user, groupId);
  return access !== undefined && canEnterGroup(user, access.group, access.membership);
}

/**
 * The groups someone owns, a page at a time (a profile's Groups tab): hidden ones only where
 * `canFindGroup` lists them (to their owner and admins).
 */
export function listGroupsOwnedBy(
  ctx: AppContext,
  viewer: User,
  ownerId: string,
  page: { cursor?: string; limit: number },
) {
  const seesHidden = canFindGroup(viewer, { ownerId, isHidden: true, isPrivate: false });
  const where = and(eq(groups.ownerId, ownerId), seesHidden ? undefined : eq(groups.isHidden, false));
  return groupsPage(ctx.db, viewer.id, where, page);
}

/** The groups a member belongs to (approved) without owning them, a page at a time. */
export function listGroupsJoinedBy(ctx: AppContext, me: User, page: { cursor?: string; limit: number }) {
  const approved = sql`exists (select 1 from ${memberships} m
    where m.group_id = ${groups.id} and m.user_id = ${me.id} and m.status = 'approved')`;
  return groupsPage(ctx.db, me.id, and(ne(groups.ownerId, me.id), approved), page);
}

/** 403 unless the caller manages the group (its owner or an admin). */
export function authorizeManage(user: User, group: Group) {
  authorize(canManageGroup(user, group), () => forbidden('group_owner_only'));
}

/**
 * Creates (no `group`) or changes a group. Any member may create a community; its
 * owner is its first member. An admin's call is audited in the same transaction.
 */
export async function saveGroup(ctx: CommandContext, opts: { actor: User; group?: Group; input: SaveGroupRequest }) {
  const { tags: tagIds, ...fields } = opts.input;
  const existing = opts.group;
  const tags = [...new Set(tagIds)];
  if ((await countKnownTags(ctx.db, tags)) !== tags.length) throw badRequest('unknown_tag');
  return inTransaction(ctx, async (ctx) => {
    const tx = ctx.db;
    const values = { ...fields, memberCap: fields.memberCap ?? null };
    const [group] = existing
      ? await tx.update(groups).set(values).where(eq(groups.id, existing.id)).returning()
      : await tx
          .insert(groups)
          .values({ ...values, ownerId: opts.actor.id })
          .returning();
    if (!existing)
      await tx.insert(memberships).values({ groupId: group!.id, userId: opts.actor.id, status: 'approved' });
    await tx.delete(groupTags).where(eq(groupTags.groupId, group!.id));
    if (tags.length)
      await tx
        .insert(groupTags)
        .values(tags.map((tagId) => ({ groupId: group!.id, tagId })))
        .onConflictDoNothing();
    await recordAudit(ctx, {
      action: existing ? 'update' : 'create',
      targetType: 'group',
      targetId: group!.id,
      details: { name: group!.name },
    });
    return group!;
  });
}

/** Deletes a group: its posts, memberships and tags go with it (foreign keys); tiers linked to it keep no group. */
export async function deleteGroup(ctx: CommandContext, opts: { group: Group }) {
  const { group } = opts;
  await inTransaction(ctx, async (ctx) => {
    await ctx.db.delete(groups).where(eq(groups.id, group.id));
    await recordAudit(ctx, {
      action: 'delete',
      targetType: 'group',
      targetId: group.id,
      details: { name: group.name, owner: group.ownerId },
    });
  });
}

const tagSaving = async <T>(work: () => Promise<T>) => {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err)) throw conflict('tag_exists');
    throw err;
  }
};

/** A tag by id; 404 when it is gone. */
export async function loadTag(ctx: AppContext, id: string) {
  const tag = await findTag(ctx.db, id);
  if (!tag) throw notFound('tag_not_found');
  return tag;
}

/** Creates (no `tag`) or renames a tag; 409 when the text is taken (any case). */
export async function saveTag(ctx: CommandContext, opts: { tag?: Tag; text: string }) {
  const before = opts.tag;
  return tagSaving(() =>
    inTransaction(ctx, async (ctx) => {
      const [row] = before
        ? await ctx.db.update(tagTable).set({ text: opts.text }).where(eq(tagTable.id, before.id)).returning()
        : await ctx.db.insert(tagTable).values({ text: opts.text }).returning();
      await recordAudit(ctx, {
        action: before ? 'update' : 'create',
        targetType: 'tag',
        targetId: row!.id,
        details: before ? { from: before.text, to: opts.text } : { text: opts.text },
      });
      return row!;
    }),
  );
}

export async function deleteTag(ctx: CommandContext, opts: { tag: Tag }) {
  await inTransaction(ctx, async (ctx) => {
    await ctx.db.delete(tagTable).where(eq(tagTable.id, opts.tag.id));
    await recordAudit(ctx, {
      action: 'delete',
      targetType: 'tag',
      targetId: opts.tag.id,
      details: { text: opts.tag.text },
    });
  });
}
