import { and, desc, eq } from 'drizzle-orm';
import { type BusinessExport, businessExports, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';

export const findExport = async (ctx: AppContext, id: string) =>
  (await ctx.db.select().from(businessExports).where(eq(businessExports.id, id)).limit(1))[0];

/** A requester's exports of one scope, newest first. */
export const exportsOf = (ctx: AppContext, user: User, scope: BusinessExport['scope'], limit: number) =>
  ctx.db
    .select()
    .from(businessExports)
    .where(and(eq(businessExports.requestedBy, user.id), eq(businessExports.scope, scope)))
    .orderBy(desc(businessExports.createdAt), desc(businessExports.id))
    .limit(limit);
