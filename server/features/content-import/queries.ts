import { desc, eq, sql } from 'drizzle-orm';
import { contentImportItems, contentImports, type ContentImport, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';

export const findImport = async (ctx: AppContext, id: string) =>
  (await ctx.db.select().from(contentImports).where(eq(contentImports.id, id)).limit(1))[0];

/** An import with its items in order and how many are pending, done and failed. */
export async function importWithItems(ctx: AppContext, row: ContentImport) {
  const items = await ctx.db
    .select()
    .from(contentImportItems)
    .where(eq(contentImportItems.importId, row.id))
    .orderBy(contentImportItems.position);
  return { row, items };
}

/** A facilitator's imports, newest first, each with its counts. */
export async function importsOf(ctx: AppContext, owner: User) {
  return ctx.db
    .select({
      row: contentImports,
      pending: sql<number>`count(*) filter (where ${contentImportItems.state} = 'pending')::int`,
      done: sql<number>`count(*) filter (where ${contentImportItems.state} = 'done')::int`,
      failed: sql<number>`count(*) filter (where ${contentImportItems.state} = 'failed')::int`,
    })
    .from(contentImports)
    .leftJoin(contentImportItems, eq(contentImportItems.importId, contentImports.id))
    .where(eq(contentImports.ownerId, owner.id))
    .groupBy(contentImports.id)
    .orderBy(desc(contentImports.createdAt))
    .limit(50);
}
