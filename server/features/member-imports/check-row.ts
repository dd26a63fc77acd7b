import { z } from 'zod';
import type { Tier } from '../../db/schema';
import type { ImportRow } from './import-row';

/** The facilitator's tiers and the file's tier values mapped by hand (lower-cased value → tier id or null). */
export type TierMatch = { tiers: Pick<Tier, 'id' | 'name'>[]; tierValues: Record<string, string | null> };

export type CheckedRow =
  | { ok: true; email: string; name: string; tierId: string | null; until: Date | null; note: string }
  | { ok: false; reason: string };

const Email = z.string().email().max(254);
const STRIPE_CUSTOMER = /^cus_[A-Za-z0-9_]{4,64}$/;

/**
 * The tier a value stands for: a hand-mapped value first (null: no tier), else the facilitator's
 * tier of that name, case-insensitively; undefined when neither.
 */
export function tierOf(value: string, match: TierMatch): string | null | undefined {
  const key = value.toLowerCase();
  if (key in match.tierValues) return match.tierValues[key] ?? null;
  return match.tiers.find((t) => t.name.trim().toLowerCase() === key)?.id;
}

/** A row's own checks, which need no database: the address, the tier, the date, the Stripe id. */
export function checkRow(row: ImportRow, match: TierMatch, now = new Date()): CheckedRow {
  if (!row.email) return { ok: false, reason: 'No email address' };
  if (!Email.safeParse(row.email).success) return { ok: false, reason: `Invalid email address “${row.email}”` };
  let tierId: string | null = null;
  if (!row.lapsed && row.tiers.length > 0) {
    const found = row.tiers.map((v) => tierOf(v, match));
    const first = found.find((id) => typeof id === 'string');
    if (first) tierId = first;
    else if (found.includes(undefined)) return { ok: false, reason: `Unknown tier “${row.tiers[0]}”` };
  }
  let until: Date | null = null;
  if (row.until) {
    until = new Date(row.until);
    if (Number.isNaN(until.getTime())) return { ok: false, reason: `“${row.until}” is not a date` };
    if (tierId && until <= now) return { ok: false, reason: 'Complimentary until is in the past' };
  }
  if (row.stripeCustomerId && !STRIPE_CUSTOMER.test(row.stripeCustomerId))
    return { ok: false, reason: 'A Stripe customer id starts with cus_' };
  const name = row.name || row.email.split('@')[0]!;
  return { ok: true, email: row.email, name: name.slice(0, 100), tierId, until, note: row.notes.slice(0, 500) };
}
