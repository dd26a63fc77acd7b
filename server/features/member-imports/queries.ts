import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberImportRows, memberImports } from '../../db/schema';
import { zeroCounts } from './outcome';

export const findImport = async (db: Executor, id: string) =>
  (await db.select().from(memberImports).where(eq(memberImports.id, id)))[0];

/** The counts of an import's processed rows by outcome, and the welcome mails queued or sent. */
export async function outcomeCounts(db: Executor, importId: string) {
  const groups = await db
    .select({
      outcome: memberImportRows.outcome,
      n: sql<number>`count(*)::int`,
      mails: sql<number>`(count(*) filter (where ${memberImportRows.mailStatus} in ('pending', 'sent')))::int`,
    })
    .from(memberImportRows)
    .where(eq(memberImportRows.importId, importId))
    .groupBy(memberImportRows.outcome);
  const counts = zeroCounts();
  for (const g of groups) {
    counts.rows += g.n;
    counts.mails += g.mails;
    if (g.outcome === 'new_account') counts.newAccounts += g.n;
    else if (g.outcome === 'joins_tier') counts.joinsTier += g.n;
    else if (g.outcome === 'no_change') counts.noChange += g.n;
    else counts.errors += g.n;
  }
  return counts;
}
