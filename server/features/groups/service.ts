import { and, asc, eq } from 'drizzle-orm';
import type { OwnGroupAnswer } from '../../../common/groups/schemas';
import { groups, type Group } from '../../db/schema';
import type { AppContext } from '../../platform/context';

export const ownGroups = (ctx: AppContext, ownerId: string) =>
  ctx.db.select().from(groups).where(eq(groups.ownerId, ownerId)).orderBy(asc(groups.createdAt));

export async function isOwnGroup(ctx: AppContext, ownerId: string, groupId: string) {
  const rows = await ctx.db.select({ id: groups.id }).from(groups).where(and(eq(groups.id, groupId), eq(groups.ownerId, ownerId)));
  return rows.length > 0;
}

export const presentOwnGroup = (g: Group): OwnGroupAnswer => ({
  _id: g.id,
  name: g.name,
  description: g.description,
  category: g.category,
  coverPhoto: g.coverPhoto,
  thumbnail: g.thumbnail,
  isPrivate: g.isPrivate,
  isHidden: g.isHidden,
  memberCap: g.memberCap,
});
