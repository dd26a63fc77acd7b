import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { dollarsToCents } from '../../../common/money';
import type { TierPricesInput } from '../../../common/tiers/schemas';
import type { Executor } from '../../db/client';
import { subscriptions, tierPrices, tiers, type Tier, type TierPrice } from '../../db/schema';
import { badRequest, conflict } from '../../platform/errors';

/** The prices of some tiers, keyed by tier id (one statement for a whole list). */
export async function pricesByTier(db: Executor, tierIds: string[]) {
  const byTier = new Map<string, TierPrice[]>();
  if (tierIds.length === 0) return byTier;
  const rows = await db
    .select()
    .from(tierPrices)
    .where(inArray(tierPrices.tierId, tierIds))
    .orderBy(asc(tierPrices.createdAt));
  for (const row of rows) byTier.set(row.tierId, [...(byTier.get(row.tierId) ?? []), row]);
  return byTier;
}

/**
 * A subscription tier's prices as read: its rows, or, for a tier written without them (before
 * prices existed in a seed or a test), its one price from the tier's own columns under the tier's id.
 * A course has none.
 */
export function pricesOrDefault(tier: Tier, rows: TierPrice[] | undefined): TierPrice[] {
  if (tier.type !== 'subscription') return [];
  if (rows && rows.length > 0) return rows;
  return [
    {
      id: tier.id,
      tierId: tier.id,
      interval: tier.billingInterval,
      amountCents: tier.priceCents,
      isDefault: true,
      stripePriceId: tier.stripePriceId,
      createdAt: tier.createdAt,
    },
  ];
}

/**
 * A subscription tier's stored prices, writing its one default price from the tier's columns first
 * when it has none (a tier written before prices existed). Concurrent callers write it once:
 * the one-default index settles them.
 */
export async function ensurePrices(db: Executor, tier: Tier): Promise<TierPrice[]> {
  const rows = (await pricesByTier(db, [tier.id])).get(tier.id) ?? [];
  if (rows.length > 0 || tier.type !== 'subscription') return rows;
  await db
    .insert(tierPrices)
    .values({
      tierId: tier.id,
      interval: tier.billingInterval,
      amountCents: tier.priceCents,
      isDefault: true,
      stripePriceId: tier.stripePriceId,
    })
    .onConflictDoNothing();
  return (await pricesByTier(db, [tier.id])).get(tier.id) ?? [];
}

/**
 * Checks a new price list against a tier's rules: only a subscription has several prices; a free
 * plan has its one price (of $0) and a paid plan's prices are all above $0.
 */
function checkPriceList(type: Tier['type'], prices: TierPricesInput) {
  if (type !== 'subscription') throw badRequest('prices_for_subscriptions');
  const cents = prices.map((p) => dollarsToCents(p.price));
  const free = cents.filter((c) => c === 0).length;
  if (free > 0 && prices.length > 1) throw badRequest('free_plan_one_price');
}

/** The default of a price list: the tier's `price_cents` and `billing_interval` follow it. */
export function defaultOf(prices: TierPricesInput) {
  const d = prices.find((p) => p.default)!;
  return { priceCents: dollarsToCents(d.price), billingInterval: d.interval };
}

/** A new tier's prices: the list sent, or its one price and interval as the default. */
export async function writeNewPrices(db: Executor, tier: Tier, prices: TierPricesInput | undefined) {
  if (tier.type !== 'subscription') {
    if (prices && prices.length > 1) throw badRequest('prices_for_subscriptions');
    return;
  }
  const list = prices ?? [{ interval: tier.billingInterval, price: tier.priceCents / 100, default: true }];
  checkPriceList(tier.type, list);
  await db.insert(tierPrices).values(
    list.map((p) => ({
      tierId: tier.id,
      interval: p.interval,
      amountCents: dollarsToCents(p.price),
      isDefault: p.default,
    })),
  );
}

/**
 * Replaces a subscription tier's prices with the list sent, inside the caller's transaction and
 * under the tier's row lock (taken here), so two edits at once apply one after the other. A
 * price members are on (any subscription row names it, ended ones too) keeps its amount and
 * stays (409 `price_in_use`): they bought on those terms. Adding an interval is always allowed;
 * the default may move. A changed amount drops the provider's cached Price (a new one is made
 * at the next checkout). The tier's own price and interval follow the default.
 */
export async function replacePrices(tx: Executor, tier: Tier, prices: TierPricesInput) {
  if (tier.type !== 'subscription') throw badRequest('prices_for_subscriptions');
  checkPriceList(tier.type, prices);
  // a free plan stays free and a paid one paid: free subscribers must not end up on a paid plan
  if ((tier.priceCents === 0) !== (defaultOf(prices).priceCents === 0)) throw badRequest('fixed_after_creation');
  await tx.execute(sql`select 1 from ${tiers} where ${tiers.id} = ${tier.id} for update`);
  const current = await ensurePrices(tx, tier);
  const used = new Set(
    (
      await tx
        .selectDistinct({ id: subscriptions.tierPriceId })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.tierId, tier.id),
            inArray(
              subscriptions.tierPriceId,
              current.map((p) => p.id),
            ),
          ),
        )
    ).map((r) => r.id),
  );
  const wanted = new Map(prices.map((p) => [p.interval, p]));
  for (const row of current) {
    const next = wanted.get(row.interval);
    const changes = !next || dollarsToCents(next.price) !== row.amountCents;
    if (changes && used.has(row.id)) throw conflict('price_in_use');
  }
  // the default moves first, so the one-default index never sees two
  await tx.update(tierPrices).set({ isDefault: false }).where(eq(tierPrices.tierId, tier.id));
  for (const row of current) {
    const next = wanted.get(row.interval);
    if (!next) {
      await tx.delete(tierPrices).where(eq(tierPrices.id, row.id));
      continue;
    }
    const amountCents = dollarsToCents(next.price);
    await tx
      .update(tierPrices)
      .set({
        amountCents,
        isDefault: next.default,
        ...(amountCents !== row.amountCents ? { stripePriceId: null } : {}),
      })
      .where(eq(tierPrices.id, row.id));
    wanted.delete(row.interval);
  }
  if (wanted.size > 0)
    await tx.insert(tierPrices).values(
      [...wanted.values()].map((p) => ({
        tierId: tier.id,
        interval: p.interval,
        amountCents: dollarsToCents(p.price),
        isDefault: p.default,
      })),
    );
  return defaultOf(prices);
}

/** The price of a tier a checkout sells: the one of `interval`, or the default (400 `price_not_found`). */
export function choosePrice(prices: TierPrice[], interval: Tier['billingInterval'] | undefined) {
  const chosen = interval ? prices.find((p) => p.interval === interval) : prices.find((p) => p.isDefault);
  if (!chosen) throw badRequest('price_not_found');
  return chosen;
}
