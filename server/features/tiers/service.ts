import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { dollarsToCents } from '../../../common/money';
import {
  FirstDayAnswer,
  type PlanIncludes,
  TIER_MESSAGES,
  type CreateTierRequest,
  type TierDeletableAnswer,
  type UpdateTierRequest,
} from '../../../common/tiers/schemas';
import { content, subscriptions, tierPrices, tiers, type Tier, type User } from '../../db/schema';
import { type AppContext, type CommandContext, inTransaction, recordAudit } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { isOwnGroup } from '../groups/service';
import { payoutStatus } from '../payments/presenter';
import { areOwnSeries } from '../sessions/series-reads';
import { cancelOpenAtProvider, countActiveSubscribers } from '../subscriptions/service';
import { accountOf, findTier, isBought, plansOf, tiersOf } from './queries';
import { defaultOf, pricesByTier, replacePrices, writeNewPrices } from './prices';
import { checkQueueChange } from './queue';

/** A tier's price rows (none for a course). */
export const tierPricesOf = async (ctx: AppContext, tierId: string) =>
  (await pricesByTier(ctx.db, [tierId])).get(tierId) ?? [];

/** One tier by id, or undefined (the caller decides whether that is a 404). */
export const tierById = (ctx: AppContext, id: string) => findTier(ctx.db, id);

/** The account a tier belongs to: its id and name, or undefined. */
export const tierOwnerById = (ctx: AppContext, userId: string) => accountOf(ctx.db, userId);

/** Whether anyone has ever bought the tier (its price is then fixed). */
export const tierIsBought = (ctx: AppContext, tierId: string) => isBought(ctx.db, tierId);

/** A profile's Plans tab: every tier of `ownerId` for those who may see unpublished ones, else the published ones. */
export async function listTiersOf(ctx: AppContext, ownerId: string, withUnpublished: boolean) {
  const all = await tiersOf(ctx.db, ownerId);
  return withUnpublished ? all : all.filter((t) => t.published);
}

/**
 * A profile's Plans tab with what each plan includes (PlanIncludes), in one query: every tier for
 * those who may see unpublished ones, else the published ones.
 */
export async function listPlansOf(ctx: AppContext, ownerId: string, withUnpublished: boolean) {
  const all = await plansOf(ctx.db, ownerId);
  const shown = withUnpublished ? all : all.filter((p) => p.tier.published);
  const prices = await pricesByTier(
    ctx.db,
    shown.map((p) => p.tier.id),
  );
  return shown.map(({ tier, groupName, contentItems }) => ({
    tier,
    prices: prices.get(tier.id) ?? [],
    includes: {
      groupName,
      directMessaging: tier.allowDirectMessaging,
      contentItems: Number(contentItems),
      sessionCredits: tier.sessionCredits,
    } satisfies PlanIncludes,
  }));
}

/** A tier's session credits may be limited only to its owner's own series. */
async function checkCreditSeries(ctx: AppContext, ownerId: string, seriesIds: string[] | undefined) {
  if (seriesIds && !(await areOwnSeries(ctx, ownerId, seriesIds))) throw badRequest('not_own_series');
}

/** A tier links only to one of its owner's own groups. */
async function checkGroup(ctx: AppContext, ownerId: string, groupId: string | null | undefined) {
  if (groupId && !(await isOwnGroup(ctx, ownerId, groupId))) throw badRequest('not_own_group');
}

/** A one-off course releases all its content at once unless its creator says otherwise. */
const releasesAllByDefault = (type: Tier['type']) => type === 'single';

export async function createTier(ctx: AppContext, owner: User, input: CreateTierRequest) {
  await checkGroup(ctx, owner.id, input.associatedGroup);
  await checkCreditSeries(ctx, owner.id, input.creditSeriesIds);
  // a course is paid once: it has no billing interval (stored as 'month') and no trial
  const isSubscription = input.type === 'subscription';
  // a price list's default is the tier's price and interval
  const price = isSubscription && input.prices ? defaultOf(input.prices) : undefined;
  return inTransaction(ctx, async (tx) => {
    const [tier] = await tx.db
      .insert(tiers)
      .values({
        userId: owner.id,
        name: input.name,
        description: input.description,
        thumbnail: input.thumbnail ?? null,
        type: input.type,
        priceCents: price?.priceCents ?? dollarsToCents(input.price),
        billingInterval: isSubscription ? (price?.billingInterval ?? input.interval) : 'month',
        trialDays: isSubscription ? input.trialDays : 0,
        associatedGroupId: input.associatedGroup ?? null,
        contentQueueFrequency: input.contentQueueFrequency,
        releaseAllContent: input.releaseAllContent ?? releasesAllByDefault(input.type),
        published: input.published,
        allowDirectMessaging: input.allowDirectMessaging,
        sessionCredits: input.sessionCredits ?? 0,
        creditsRollOver: input.creditsRollOver ?? false,
        creditSeriesIds: input.creditSeriesIds ?? [],
        features: input.features ?? [],
      })
      .returning();
    await writeNewPrices(tx.db, tier!, input.prices);
    return tier!;
  });
}

/**
 * A tier's type and price are fixed after creation, and so is its billing interval;
 * the form may send them back unchanged. The trial may change: it applies to new subscribers.
 */
export async function updateTier(ctx: AppContext, tier: Tier, input: UpdateTierRequest) {
  // with a price list, its default becomes the price and interval (replacePrices has the rules)
  const withPrices = input.prices !== undefined;
  const changesFixedTerm =
    (input.type !== undefined && input.type !== tier.type) ||
    (!withPrices && input.price !== undefined && dollarsToCents(input.price) !== tier.priceCents) ||
    (!withPrices && input.interval !== undefined && input.interval !== tier.billingInterval);
  if (changesFixedTerm) throw badRequest('fixed_after_creation');
  await checkGroup(ctx, tier.userId, input.associatedGroup);
  await checkCreditSeries(ctx, tier.userId, input.creditSeriesIds);
  const changes = {
    name: input.name,
    description: input.description,
    thumbnail: input.thumbnail,
    associatedGroupId: input.associatedGroup,
    contentQueueFrequency: input.contentQueueFrequency,
    releaseAllContent: input.releaseAllContent,
    published: input.published,
    allowDirectMessaging: input.allowDirectMessaging,
    // a course never has a trial
    trialDays: tier.type === 'subscription' ? input.trialDays : undefined,
    contentQueue: input.contentQueue,
    sessionCredits: input.sessionCredits,
    creditsRollOver: input.creditsRollOver,
    creditSeriesIds: input.creditSeriesIds,
    features: input.features,
  };
  // a form that sends back only fixed terms (or a course's trial) changes nothing
  if (!withPrices && Object.values(changes).every((v) => v === undefined)) return tier;
  // a new queue is checked against the stored one under the tier's row lock
  return inTransaction(ctx, async (tx) => {
    const { contentQueue, previousContentQueue } = input;
    if (contentQueue) await checkQueueChange(tx.db, tier, { contentQueue, previousContentQueue });
    const price = input.prices ? await replacePrices(tx.db, tier, input.prices) : {};
    const [updated] = await tx.db
      .update(tiers)
      .set({ ...changes, ...price })
      .where(eq(tiers.id, tier.id))
      .returning();
    if (!updated) throw notFound('tier_not_found');
    return updated;
  });
}

/** What deleteTier would decide now: blocked while anyone actively subscribes. */
export async function tierDeletable(ctx: AppContext, tier: Tier): Promise<TierDeletableAnswer> {
  const activeSubscribers = await countActiveSubscribers(ctx, tier.id);
  return { deletable: activeSubscribers === 0, activeSubscribers };
}

/**
 * 'I want to delete this program': refused while anyone actively subscribes;
 * otherwise the tier and its ended subscriptions go, and its content stays with the owner.
 * An admin's delete (admin/tier-routes.ts, through asAdmin) is audited in the same transaction.
 */
export async function deleteTier(ctx: CommandContext, tier: Tier) {
  if ((await countActiveSubscribers(ctx, tier.id)) > 0) throw conflict('tier_has_subscribers');
  // past-due or unpaid subscriptions are not active, but the provider would go on charging them
  await cancelOpenAtProvider(ctx, eq(subscriptions.tierId, tier.id));
  await inTransaction(ctx, async (tx) => {
    await tx.db.delete(subscriptions).where(eq(subscriptions.tierId, tier.id));
    await tx.db.delete(tiers).where(eq(tiers.id, tier.id));
    await recordAudit(tx, {
      action: 'delete',
      targetType: 'tier',
      targetId: tier.id,
      details: { name: tier.name, facilitator: tier.userId },
    });
  });
  return { deleted: true as const, message: TIER_MESSAGES.deleted };
}

/**
 * The admin Tier form: name, description, thumbnail and price. The price may change only until
 * someone has bought the tier (it is fixed from then on); a new price drops the
 * provider's, made again at the next checkout. Audited through the context's hook.
 */
export async function updateTierBasics(
  ctx: CommandContext,
  tier: Tier,
  input: { name: string; description: string; thumbnail: string | null; priceCents: number },
) {
  const priceChanges = input.priceCents !== tier.priceCents;
  if (priceChanges && (await isBought(ctx.db, tier.id))) throw conflict('price_locked');
  const values = { ...input, ...(priceChanges ? { stripePriceId: null } : {}) };
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db.update(tiers).set(values).where(eq(tiers.id, tier.id)).returning();
    // the default price is the tier's price
    if (priceChanges)
      await tx.db
        .update(tierPrices)
        .set({ amountCents: input.priceCents, stripePriceId: null })
        .where(and(eq(tierPrices.tierId, tier.id), eq(tierPrices.isDefault, true)));
    const changed = Object.fromEntries(Object.entries(input).filter(([k, v]) => tier[k as keyof Tier] !== v));
    await recordAudit(tx, {
      action: 'update',
      targetType: 'tier',
      targetId: tier.id,
      details: { name: row!.name, ...changed },
    });
    return row!;
  });
}

export async function ownedTierIds(ctx: AppContext, owner: User, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: tiers.id })
    .from(tiers)
    .where(and(inArray(tiers.id, ids), owner.isAdmin ? sql`true` : eq(tiers.userId, owner.id)));
  return rows.map((r) => r.id);
}

/** A facilitator's first-day progress: two counting queries and the payout state on the user row. */
export async function firstDayOf(ctx: AppContext, facilitator: User): Promise<FirstDayAnswer> {
  const [[tierCounts], [contentCount]] = await Promise.all([
    ctx.db
      .select({ all: count(), published: sql<number>`count(*) filter (where ${tiers.published})::int` })
      .from(tiers)
      .where(eq(tiers.userId, facilitator.id)),
    ctx.db.select({ n: count() }).from(content).where(eq(content.userId, facilitator.id)),
  ]);
  return {
    payouts: FirstDayAnswer.shape.payouts.parse(payoutStatus(facilitator)),
    tiers: Number(tierCounts?.all ?? 0),
    content: Number(contentCount?.n ?? 0),
    publishedTiers: Number(tierCounts?.published ?? 0),
  };
}
