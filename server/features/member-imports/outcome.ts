import type { ImportCounts, RowOutcome } from '../../../common/member-imports/schemas';

/** What a valid row does, in the words the preview and the report show. */
export function outcomeOf(o: { isNew: boolean; tierName: string | null; hasTier: boolean; lapsed: boolean }): {
  outcome: RowOutcome;
  reason: string;
} {
  const lapsed = o.lapsed ? '; not an active member, so no tier' : '';
  if (o.isNew)
    return {
      outcome: 'new_account',
      reason: `New account${o.tierName ? `; joins ${o.tierName} (complimentary)` : ''}${lapsed}`,
    };
  if (o.tierName && !o.hasTier) return { outcome: 'joins_tier', reason: `Joins ${o.tierName} (complimentary)` };
  if (o.tierName) return { outcome: 'no_change', reason: `Already has ${o.tierName}` };
  return { outcome: 'no_change', reason: `Existing account${lapsed}` };
}

export const zeroCounts = (): ImportCounts => ({
  rows: 0,
  newAccounts: 0,
  joinsTier: 0,
  noChange: 0,
  errors: 0,
  mails: 0,
});

/** Adds one row's outcome to the counts. */
export function count(counts: ImportCounts, outcome: RowOutcome, mails = false) {
  counts.rows++;
  if (outcome === 'new_account') counts.newAccounts++;
  else if (outcome === 'joins_tier') counts.joinsTier++;
  else if (outcome === 'no_change') counts.noChange++;
  else counts.errors++;
  if (mails) counts.mails++;
}
