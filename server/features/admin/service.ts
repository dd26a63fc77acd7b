import type { Group, Post } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { adminGroupRows, personOf, tagIdsOf } from '../groups/queries';
import { findPayment } from '../payments/refund';
import { adminPostFacts, adminPostsPage } from '../posts/queries';
import { auditPage } from './audit';
import type { CountCache } from './count-cache';
import { type AccountListQuery, facilitatorPage, findAdminAccount, userPage } from './user-queries';

/**
 * The admin area's reads, each taking the request's context (the routes touch no database). The
 * admin's changes are the owning features' commands, called through asAdmin (audit.ts).
 */

/** Every group as the admin's table lists it. */
export const listGroupRows = (ctx: AppContext) => adminGroupRows(ctx.db);

/** A group's owner and tag ids, beside the group on its admin form. */
export async function groupParts(ctx: AppContext, group: Group) {
  const [owner, tags] = await Promise.all([personOf(ctx.db, group.ownerId), tagIdsOf(ctx.db, group.id)]);
  return { owner: owner!, tags };
}

/** One keyset page of a group's posts; `count` keeps the total (count-cache.ts). */
export const groupPostsPage = (
  ctx: AppContext,
  groupId: string,
  query: Parameters<typeof adminPostsPage>[2],
  count: Parameters<typeof adminPostsPage>[3],
) => adminPostsPage(ctx.db, groupId, query, count);

/** A post's author, group and comments, beside the post on its admin form. */
export const postParts = (ctx: AppContext, post: Post) => adminPostFacts(ctx.db, post);

/** One page of the audit log. */
export const auditLogPage = (ctx: AppContext, query: { cursor?: string; limit: number }) => auditPage(ctx.db, query);

/** A revenue entry with what was returned of it, or 404. */
export const paymentById = (ctx: AppContext, entryId: string) => findPayment(ctx.db, entryId);

/** One keyset page of the accounts table. */
export const accountsPage = (ctx: AppContext, counts: CountCache, query: AccountListQuery) =>
  userPage(ctx.db, counts, query);

/** One keyset page of the facilitators table (searchable). */
export const facilitatorsPage = (ctx: AppContext, counts: CountCache, query: AccountListQuery) =>
  facilitatorPage(ctx.db, counts, query);

/** An account by id (a facilitator's only, with `facilitatorsOnly`), if it exists. */
export const accountById = (ctx: AppContext, id: string, facilitatorsOnly = false) =>
  findAdminAccount(ctx.db, id, facilitatorsOnly);
