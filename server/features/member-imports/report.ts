import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberImportRows } from '../../db/schema';

const PAGE = 1000;

/** One CSV field: quoted when it must be, and a leading formula character defused for spreadsheets. */
function field(value: string | number) {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report of an import: every processed row (row number, email, outcome, reason), read page by page. */
export async function* reportLines(db: Executor, importId: string) {
  yield 'row,email,outcome,reason\n';
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(memberImportRows)
      .where(and(eq(memberImportRows.importId, importId), gt(memberImportRows.rowNumber, after)))
      .orderBy(asc(memberImportRows.rowNumber))
      .limit(PAGE);
    for (const r of page) yield `${[r.rowNumber, r.email, r.outcome, r.reason].map(field).join(',')}\n`;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.rowNumber;
  }
}
