import { and, inArray, sql } from 'drizzle-orm';
import {
  type ImportField,
  PREVIEW_ROWS,
  type PreviewAnswer,
  type PreviewRow,
} from '../../../common/member-imports/schemas';
import type { Executor } from '../../db/client';
import { subscriptions, users } from '../../db/schema';
import type { ObjectStorage } from '../../platform/storage';
import { entitledSql } from '../subscriptions/entitlement';
import { checkRow, type TierMatch, tierOf } from './check-row';
import { type ImportRow, importRows } from './import-row';
import { count, outcomeOf, zeroCounts } from './outcome';

const BATCH = 250;

type PreviewInput = {
  fileKey: string;
  columns: readonly ImportField[];
  match: TierMatch;
  facilitatorEmail: string;
};

/**
 * What running the import would do to each row, read from the file in batches and written
 * nowhere: every row is counted, the first PREVIEW_ROWS are listed, and every tier value found
 * is answered with the tier it maps to.
 */
export async function previewImport(
  db: Executor,
  storage: ObjectStorage,
  input: PreviewInput,
): Promise<Omit<PreviewAnswer, 'tiers'>> {
  const stored = await storage.get(input.fileKey);
  if (!stored) throw new Error(`member import file ${input.fileKey} is missing`);
  const counts = zeroCounts();
  const rows: PreviewRow[] = [];
  const values = new Map<string, number>();
  // addresses seen earlier in the file: a later row with one is a duplicate
  const seen = new Set<string>();
  let batch: ImportRow[] = [];

  const flush = async () => {
    const planned = await planBatch(db, batch, input, seen);
    for (const p of planned) {
      count(counts, p.outcome, p.mails);
      if (rows.length < PREVIEW_ROWS) rows.push(p.row);
    }
    batch = [];
  };
  for await (const row of importRows(stored.stream, input.columns)) {
    for (const v of row.tiers) values.set(v.toLowerCase(), (values.get(v.toLowerCase()) ?? 0) + 1);
    batch.push(row);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length) await flush();
  const tierValues = [...values].map(([value, n]) => ({ value, tierId: tierOf(value, input.match) ?? null, rows: n }));
  return { counts, rows, tierValues };
}

async function planBatch(db: Executor, batch: ImportRow[], input: PreviewInput, seen: Set<string>) {
  const checked = batch.map((row) => ({ row, checked: checkRow(row, input.match) }));
  const emails = [...new Set(checked.flatMap((c) => (c.checked.ok ? [c.checked.email] : [])))];
  const existing = new Map<string, string>();
  const entitled = new Set<string>();
  if (emails.length) {
    const found = await db
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));
    for (const u of found) existing.set(u.email, u.id);
    const tierIds = input.match.tiers.map((t) => t.id);
    if (found.length && tierIds.length) {
      const held = await db
        .select({ userId: subscriptions.userId, tierId: subscriptions.tierId })
        .from(subscriptions)
        .where(
          and(
            inArray(
              subscriptions.userId,
              found.map((u) => u.id),
            ),
            inArray(subscriptions.tierId, tierIds),
            entitledSql(),
          ),
        );
      for (const h of held) entitled.add(`${h.userId}:${h.tierId}`);
    }
  }
  return checked.map(({ row, checked: c }) => {
    const base = { row: row.row, email: row.email, name: row.name, tier: null as string | null };
    const failed = (reason: string) => ({
      row: { ...base, outcome: 'error' as const, reason },
      outcome: 'error' as const,
      mails: false,
    });
    if (!c.ok) {
      if (row.email) seen.add(row.email);
      return failed(c.reason);
    }
    if (seen.has(c.email)) return failed('Duplicate: an earlier row has this email address');
    seen.add(c.email);
    if (c.email === input.facilitatorEmail.toLowerCase()) return failed('This is your own account');
    const userId = existing.get(c.email);
    const tierName = c.tierId ? (input.match.tiers.find((t) => t.id === c.tierId)?.name ?? null) : null;
    const o = outcomeOf({
      isNew: !userId,
      tierName,
      hasTier: userId !== undefined && c.tierId !== null && entitled.has(`${userId}:${c.tierId}`),
      lapsed: row.lapsed && row.tiers.length > 0,
    });
    return {
      row: { ...base, name: c.name, tier: tierName, ...o },
      outcome: o.outcome,
      mails: !userId && !row.optedOut,
    };
  });
}
