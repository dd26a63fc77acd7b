import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

export const IdParams = z.object({ id: z.string().uuid('Invalid id') });
/** The generic form's save: POST {endpoint}/new creates, like POST {endpoint}. */
export const IdOrNewParams = z.object({ id: z.union([z.literal('new'), z.string().uuid('Invalid id')]) });

/**
 * A literal, case-insensitive substring match on any of the columns (`%` and `_` match themselves).
 * Both sides are lowered by PostgreSQL: JavaScript lowers some letters differently (a final Σ, İ).
 */
export const literalMatch = (columns: PgColumn[], search: string): SQL =>
  sql`(${sql.join(
    columns.map((c) => sql`strpos(lower(${c}), lower(${search}::text)) > 0`),
    sql` or `,
  )})`;
