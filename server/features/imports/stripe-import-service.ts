import { randomBytes } from 'node:crypto';
import type {
  StripeImportPreviewAnswer,
  StripeImportRow,
  StripeImportRunAnswer,
  StripePriceMappings,
} from '../../../common/imports/stripe-import-schemas';
import type { User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, HttpError } from '../../platform/errors';
import { assertPaymentsEnabled } from '../payments/checkouts';
import { saveAccount } from '../profiles/service';
import { findTier } from '../tiers/queries';
import { canMapPriceTo } from './stripe-import-policy';
import { accountsByEmail, connectedAccountOf, holdersOf, plansWithPrices } from './stripe-import-queries';
import { priceMatcher, unmatchedPrices } from './stripe-matching';
import { keepPaidSubscriptions } from './stripe-subscriptions';

/** Every mapped plan is one of the facilitator's own subscription plans (400 otherwise). */
async function checkMappings(ctx: AppContext, facilitator: User, mappings: StripePriceMappings) {
  for (const tierId of new Set(Object.values(mappings)))
    authorize(canMapPriceTo(facilitator, await findTier(ctx.db, tierId)), () =>
      badRequest('stripe_import_tier_not_yours'),
    );
}

/**
 * The import source: every live subscription on the facilitator's connected account, as one row
 * each (customer, matched plan or the reason it is left, whether the address has a Tend account).
 */
async function importRows(ctx: AppContext, facilitator: User, mappings: StripePriceMappings) {
  assertPaymentsEnabled(ctx);
  const accountId = await connectedAccountOf(ctx.db, facilitator.id);
  if (!accountId) throw conflict('stripe_account_not_linked');
  await checkMappings(ctx, facilitator, mappings);
  const remote = await ctx.payments.listAccountSubscriptions(accountId);
  const plans = await plansWithPrices(ctx.db, facilitator.id);
  const match = priceMatcher(plans, mappings);
  const emails = remote.flatMap((s) => (s.customer.email ? [s.customer.email.toLowerCase()] : []));
  const accounts = await accountsByEmail(ctx.db, emails);
  const holders = await holdersOf(
    ctx.db,
    remote.map((s) => s.id),
  );
  const rows: StripeImportRow[] = remote.map((s) => {
    const email = s.customer.email?.toLowerCase() ?? null;
    const plan = match(s);
    const account = email ? accounts.get(email) : undefined;
    const holder = holders.get(s.id);
    const reason = !plan
      ? ('unmatched_price' as const)
      : !email
        ? ('no_email' as const)
        : holder && holder !== account?.id
          ? ('belongs_to_another_member' as const)
          : undefined;
    return {
      stripeSubscriptionId: s.id,
      stripeCustomerId: s.customer.id,
      email,
      name: s.customer.name,
      status: s.status,
      priceId: s.billed?.priceId ?? null,
      tierId: plan?.id ?? null,
      tierName: plan?.name ?? null,
      existingAccount: account !== undefined,
      ...(reason ? { reason } : {}),
    };
  });
  return {
    rows,
    unmatchedPrices: unmatchedPrices(remote, match),
    plans: plans.map((p) => ({ id: p.id, name: p.name })),
  };
}

/** GET app/facilitator/imports/stripe/preview: what the import would do, changing nothing. */
export const previewStripeImport = (
  ctx: AppContext,
  facilitator: User,
  mappings: StripePriceMappings,
): Promise<StripeImportPreviewAnswer> => importRows(ctx, facilitator, mappings);

/** A Tend username from an address: its local part, made valid, with a few random characters. */
const usernameFor = (email: string) =>
  `${(email.split('@')[0] ?? 'member').replace(/[^a-zA-Z0-9_.-]/g, '').slice(0, 20) || 'member'}.${randomBytes(3).toString('hex')}`;

/**
 * The member account of an address: the one that exists, or a new one made as an admin's new
 * account is (a random password, a welcome mail with a link to choose one). Two runs making the
 * same address at once make one account: the loser of the unique email finds the winner's.
 */
async function findOrCreateMember(ctx: AppContext, facilitator: User, row: StripeImportRow) {
  const email = row.email!;
  const found = (await accountsByEmail(ctx.db, [email])).get(email);
  if (found) return { userId: found.id, newAccount: false };
  try {
    const saved = await saveAccount(ctx, {
      actor: facilitator,
      kind: 'user',
      values: { email, name: row.name?.trim() || email.split('@')[0]!, username: usernameFor(email) },
    });
    return { userId: saved.id, newAccount: true };
  } catch (err) {
    const again = (await accountsByEmail(ctx.db, [email])).get(email);
    if (err instanceof HttpError && again) return { userId: again.id, newAccount: false };
    throw err;
  }
}

/**
 * POST app/facilitator/imports/stripe: every row the preview would keep is kept, customer by
 * customer (find or make the member's account, then keepPaidSubscriptions). Each subscription is
 * applied in its own transaction, so a run cut short leaves whole subscriptions behind and the
 * next run finishes the rest.
 */
export async function runStripeImport(
  ctx: AppContext,
  facilitator: User,
  mappings: StripePriceMappings,
): Promise<StripeImportRunAnswer> {
  const { rows } = await importRows(ctx, facilitator, mappings);
  const answer: StripeImportRunAnswer = { kept: [], skipped: [] };
  const emailOf = new Map(rows.map((r) => [r.stripeSubscriptionId, r.email]));
  for (const row of rows)
    if (row.reason)
      answer.skipped.push({ stripeSubscriptionId: row.stripeSubscriptionId, email: row.email, reason: row.reason });
  const customers = new Map<string, StripeImportRow>();
  for (const row of rows)
    if (!row.reason && !customers.has(row.stripeCustomerId)) customers.set(row.stripeCustomerId, row);
  for (const row of customers.values()) {
    const { userId, newAccount } = await findOrCreateMember(ctx, facilitator, row);
    const result = await keepPaidSubscriptions(ctx, {
      facilitatorId: facilitator.id,
      userId,
      stripeCustomerId: row.stripeCustomerId,
      mappings,
    });
    for (const kept of result.kept) answer.kept.push({ email: row.email!, newAccount, ...kept });
    for (const skipped of result.skipped)
      if (!answer.skipped.some((s) => s.stripeSubscriptionId === skipped.stripeSubscriptionId))
        answer.skipped.push({ ...skipped, email: emailOf.get(skipped.stripeSubscriptionId) ?? row.email });
  }
  return answer;
}
