import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A literal, case-insensitive substring test (`%` and `_` match themselves). Both sides are
 * lowered by PostgreSQL: JavaScript lowers some letters differently (a final Σ, İ).
 */
export const containsText = (value: PgColumn | SQL, search: string): SQL =>
  sql`strpos(lower(${value}), lower(${search}::text)) > 0`;

/** containsText on any of the columns. */
export const anyContainsText = (columns: PgColumn[], search: string): SQL =>
  sql`(${sql.join(
    columns.map((c) => containsText(c, search)),
    sql` or `,
  )})`;

/**
 * A LIKE pattern matching `search` anywhere, literally: `%`, `_` and `\` match themselves
 * (PostgreSQL's default escape is `\`). For a trigram index on `lower(...)` or a lower-case copy,
 * which strpos cannot use: Explore and the inspiration search.
 */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
