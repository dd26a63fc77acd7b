import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES } from '../../../common/notifications/types';
import type { Executor } from '../../db/client';
import { HttpError } from '../../platform/errors';
import {
  type MemberImport,
  type MemberImportRow,
  memberImportRows,
  memberImports,
  subscriptions,
  type Tier,
  type User,
  users,
} from '../../db/schema';
import { setFrequencies } from '../notifications/email-preferences';
import { notify } from '../notifications/service';
import { entitledSql } from '../subscriptions/entitlement';
import { grantToAccount } from '../tiers/grants';
import { checkRow, type TierMatch } from './check-row';
import type { ImportRow } from './import-row';
import type { KeepPaidSubscriptions } from './keep-paid-subscriptions';
import { outcomeOf } from './outcome';

/** Never a valid argon2 hash: an imported account signs in only after choosing a password by mail. */
const NO_PASSWORD = '!imported';

export type RowContext = {
  db: Executor;
  import: MemberImport;
  facilitator: Pick<User, 'id' | 'email' | 'name'>;
  tiers: Tier[];
  match: TierMatch;
  keepPaidSubscriptions?: KeepPaidSubscriptions;
};

/**
 * Imports one row in its own transaction, which first claims (import, row): a row already
 * processed (a resumed or repeated job) is skipped, and a row that fails leaves nothing behind.
 * Answers the written row, or undefined when it was processed before.
 */
export async function processRow(rc: RowContext, row: ImportRow): Promise<MemberImportRow | undefined> {
  const written = await rc.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(memberImportRows)
      .values({ importId: rc.import.id, rowNumber: row.row, email: row.email, outcome: 'error' })
      .onConflictDoNothing()
      .returning({ rowNumber: memberImportRows.rowNumber });
    if (!claimed) return undefined;
    const result = await decide(tx, rc, row);
    const [saved] = await tx
      .update(memberImportRows)
      .set({ ...result, stripeCustomerId: row.stripeCustomerId || null })
      .where(and(eq(memberImportRows.importId, rc.import.id), eq(memberImportRows.rowNumber, row.row)))
      .returning();
    return saved;
  });
  if (!written?.stripeCustomerId || !written.userId) return written;
  return linkStripeCustomer(rc, written);
}

type RowResult = Pick<MemberImportRow, 'outcome' | 'reason'> &
  Partial<Pick<MemberImportRow, 'userId' | 'tierId' | 'mailStatus' | 'mailAfter'>>;

async function decide(tx: Executor, rc: RowContext, row: ImportRow): Promise<RowResult> {
  const c = checkRow(row, rc.match);
  if (!c.ok) return { outcome: 'error', reason: c.reason };
  const [earlier] = await tx
    .select({ row: memberImportRows.rowNumber })
    .from(memberImportRows)
    .where(
      and(
        eq(memberImportRows.importId, rc.import.id),
        eq(memberImportRows.email, c.email),
        lt(memberImportRows.rowNumber, row.row),
      ),
    )
    .limit(1);
  if (earlier) return { outcome: 'error', reason: 'Duplicate: an earlier row has this email address' };
  if (c.email === rc.facilitator.email.toLowerCase()) return { outcome: 'error', reason: 'This is your own account' };

  const { user, isNew } = await findOrCreate(tx, c.email, c.name);
  if (isNew && row.optedOut) {
    // the source's opt-out carries over: every mail kind starts off
    await setFrequencies(tx, user.id, Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, 'off' as const])));
  }
  const tier = c.tierId ? rc.tiers.find((t) => t.id === c.tierId) : undefined;
  let hasTier = false;
  if (tier) {
    const [held] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.tierId, tier.id), entitledSql()))
      .limit(1);
    hasTier =
      held !== undefined ||
      !(await grantToAccount(tx, {
        granterId: rc.facilitator.id,
        tier,
        member: user,
        until: c.until,
        note: c.note || 'Imported',
      }));
    if (!hasTier && !isNew)
      await notify(tx, {
        userId: user.id,
        type: 'payment',
        message: `${rc.facilitator.name} gave you complimentary access to ${tier.name}.`,
        link: '/subscriptions',
      });
  }
  const o = outcomeOf({ isNew, tierName: tier?.name ?? null, hasTier, lapsed: row.lapsed && row.tiers.length > 0 });
  return { ...o, userId: user.id, tierId: tier?.id ?? null, ...(isNew ? await mailSlot(tx, rc.import, row) : {}) };
}

/** The account with this address, or a new one without a password (the welcome mail sets it). */
async function findOrCreate(tx: Executor, email: string, name: string) {
  const find = () => tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  const [existing] = await find();
  if (existing) return { user: existing, isNew: false };
  const base =
    email
      .split('@')[0]!
      .replace(/[^a-z0-9_]/g, '')
      .slice(0, 20) || 'member';
  const [created] = await tx
    .insert(users)
    .values({ name, email, username: `${base}_${randomBytes(3).toString('hex')}`, passwordHash: NO_PASSWORD })
    // another writer creating the same address at once: its account is the one
    .onConflictDoNothing()
    .returning();
  if (created) return { user: created, isNew: true };
  const [raced] = await find();
  if (!raced) throw new Error('member import: account neither created nor found');
  return { user: raced, isNew: false };
}

/**
 * A new member's welcome mail slot: none when the facilitator sends none, opted out when the
 * source says so, else the next place in the throttled queue (the counter is on the import row,
 * so a resumed run continues the same queue).
 */
async function mailSlot(tx: Executor, imp: MemberImport, row: ImportRow): Promise<Partial<RowResult>> {
  if (row.optedOut) return { mailStatus: 'opted_out' };
  if (imp.mail === 'none') return { mailStatus: 'none' };
  const [slot] = await tx
    .update(memberImports)
    .set({ mailsQueued: sql`${memberImports.mailsQueued} + 1` })
    .where(eq(memberImports.id, imp.id))
    .returning({ n: memberImports.mailsQueued });
  const from = imp.mailFrom ?? new Date();
  const minutes = Math.floor((slot!.n - 1) / imp.mailPerMinute);
  return { mailStatus: 'pending', mailAfter: new Date(from.getTime() + minutes * 60_000) };
}

/** Hands the row's Stripe customer to the linker when one is configured; the reason tells which. */
async function linkStripeCustomer(rc: RowContext, written: MemberImportRow) {
  let note: string;
  if (!rc.keepPaidSubscriptions) note = 'Stripe customer recorded, not linked';
  else {
    try {
      const { kept } = await rc.keepPaidSubscriptions({
        facilitatorId: rc.facilitator.id,
        userId: written.userId!,
        stripeCustomerId: written.stripeCustomerId!,
      });
      note = `Stripe customer linked; ${kept.length} paid subscription${kept.length === 1 ? '' : 's'} kept`;
    } catch (error) {
      // a known refusal (no linked account, …) says why; anything else is Stripe not answering
      note = `Stripe customer recorded, not linked: ${error instanceof HttpError ? error.message : 'Stripe could not be read'}`;
    }
  }
  const [saved] = await rc.db
    .update(memberImportRows)
    .set({ reason: `${written.reason}; ${note}` })
    .where(and(eq(memberImportRows.importId, written.importId), eq(memberImportRows.rowNumber, written.rowNumber)))
    .returning();
  return saved;
}
