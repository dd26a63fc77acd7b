import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { isTimeZone } from '../../../common/auth/schemas';
import { giftEndsAt, giftPriceCents } from '../../../common/gifts/price';
import type { BuyGiftRequest } from '../../../common/gifts/schemas';
import { instantOf } from '../../../common/sessions/series/zone-time';
import { addDays, localDay } from '../../../common/time';
import { gifts, subscriptions, users, type User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { type AppContext, type CommandContext, inTransaction } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { CheckoutCreated, CheckoutInput } from '../../platform/payments/provider';
import { sha256 } from '../../platform/secrets';
import { notify } from '../notifications/service';
import { assertCanTakePayments, assertPaymentsEnabled } from '../payments/checkouts';
import { destinationOf } from '../payments/service';
import { entitledSql, isEntitled } from '../subscriptions/entitlement';
import { tierGroupFollows } from '../subscriptions/tier-group';
import { tierById } from '../tiers/service';
import { sendGiftMail } from './delivery';
import { canBuyGift, canClaimGift, canManageGift, isChangeable, isGiftable } from './policy';
import { presentBoughtGift, presentGiftView } from './presenter';
import { findGift, findGiftByTokenHash, giftsBoughtBy } from './queries';

/** A delivery day may be chosen this far ahead at most. */
const FURTHEST_DELIVERY_DAYS = 366;
/** The gift mail is sent again at most this often per gift... */
const RESEND_GAP_MINUTES = 5;
/** ...and a buyer resends at most this many mails an hour, over all their gifts. */
const RESENDS_PER_HOUR = { max: 10, windowSeconds: 3600 };

type BuyInput = Omit<BuyGiftRequest, 'months' | 'message'> & { months: number; message: string };

/**
 * POST app/tier/{id}/gifts: the gift is written unpaid, then one payment (a checkout in payment
 * mode, a one-off amount, nothing renews) is opened for it; the payment event makes it paid.
 */
export async function buyGift(ctx: AppContext, buyer: User, tierId: string, input: BuyInput) {
  const tier = await tierById(ctx, tierId);
  authorize(tier?.published === true, hidden('plan_not_found'));
  if (!isGiftable(tier)) throw badRequest('gift_plan_not_giftable');
  authorize(canBuyGift(buyer, tier), () => badRequest('gift_own_plan'));
  if (input.recipientEmail === buyer.email.toLowerCase()) throw badRequest('gift_to_self');
  const timeZone = input.timeZone && isTimeZone(input.timeZone) ? input.timeZone : buyer.timeZone;
  const today = localDay(new Date(), timeZone);
  if (input.deliverOn < today) throw badRequest('gift_deliver_on_past');
  if (input.deliverOn > addDays(today, FURTHEST_DELIVERY_DAYS)) throw badRequest('gift_deliver_on_too_far');
  assertPaymentsEnabled(ctx);
  const [facilitator] = await ctx.db.select().from(users).where(eq(users.id, tier.userId));
  assertCanTakePayments(ctx, facilitator);

  const amountCents = giftPriceCents({ priceCents: tier.priceCents, interval: tier.billingInterval }, input.months);
  const [gift] = await ctx.db
    .insert(gifts)
    .values({
      tierId: tier.id,
      buyerId: buyer.id,
      recipientEmail: input.recipientEmail,
      message: input.message,
      months: input.months,
      amountCents,
      deliverOn: input.deliverOn,
      deliverAt: instantOf(`${input.deliverOn}T00:00`, timeZone),
      timeZone,
    })
    .returning();
  const base = ctx.config.publicUrl;
  const label = `Gift: ${input.months === 1 ? '1 month' : `${input.months} months`} of ${tier.name}`;
  const created = await openGiftCheckout(ctx, gift!.id, {
    mode: 'payment',
    userId: buyer.id,
    email: buyer.email,
    customerId: buyer.stripeCustomerId,
    product: {
      key: `gift-${gift!.id}`,
      name: label,
      // the recipient's address stays in Tend: the provider sees only what is sold
      description: 'Paid once, for someone else. Nothing renews.',
      amountCents,
      interval: tier.billingInterval,
      trialDays: 0,
      oneOff: true,
    },
    successUrl: `${base}/subscriptions?gift=${gift!.id}`,
    cancelUrl: `${base}/profile/${tier.userId}`,
    metadata: { userId: buyer.id, giftId: gift!.id, facilitatorId: tier.userId, label },
    destination: destinationOf(ctx, facilitator),
  });
  if (created.customerId && created.customerId !== buyer.stripeCustomerId)
    await ctx.db.update(users).set({ stripeCustomerId: created.customerId }).where(eq(users.id, buyer.id));
  return { url: created.url };
}

/**
 * The gift's checkout at the provider, remembered on the gift. A provider that fails (503
 * `payments_unavailable`) leaves no gift behind: the unpaid row is removed before the error goes on.
 */
async function openGiftCheckout(ctx: AppContext, giftId: string, input: CheckoutInput) {
  let created: CheckoutCreated;
  try {
    created = await ctx.payments.createCheckout(input);
  } catch (err) {
    await ctx.db.delete(gifts).where(and(eq(gifts.id, giftId), isNull(gifts.paidAt)));
    throw err;
  }
  await ctx.db.update(gifts).set({ checkoutId: created.id }).where(eq(gifts.id, giftId));
  return created;
}

/** GET app/gifts: the gifts the member bought (unpaid checkouts left out). */
export async function listBoughtGifts(ctx: AppContext, buyer: User) {
  const rows = await giftsBoughtBy(ctx.db, buyer.id);
  return { gifts: rows.filter((r) => r.gift.paidAt !== null).map(presentBoughtGift) };
}

async function ownGift(ctx: AppContext, buyer: User, id: string) {
  const row = await findGift(ctx.db, id);
  authorize(row !== undefined && row.gift.paidAt !== null && canManageGift(buyer, row.gift), hidden('gift_not_found'));
  return row;
}

/**
 * POST app/gifts/{id}/resend: a fresh claim link mailed to the recipient (the old one stops
 * working). Only once it was delivered, before it is claimed; at most once in a few minutes per
 * gift (one conditional update decides, so two presses send one mail) and ten an hour per buyer.
 */
export async function resendGift(ctx: AppContext, buyer: User, id: string) {
  const row = await ownGift(ctx, buyer, id);
  if (!isChangeable(row.gift)) throw conflict('gift_not_editable');
  if (!row.gift.deliveredAt) throw conflict('gift_not_delivered');
  await ctx.limiter.hit(`gift-resend:${buyer.id}`, RESENDS_PER_HOUR);
  const sent = await sendGiftMail(ctx, row, {
    onlyIf: or(
      isNull(gifts.lastSentAt),
      lt(gifts.lastSentAt, sql`now() - make_interval(mins => ${RESEND_GAP_MINUTES})`),
    )!,
  });
  if (!sent) throw conflict('gift_resend_too_soon');
  return presentBoughtGift((await findGift(ctx.db, id))!);
}

/**
 * POST app/gifts/{id}/recipient: a new address before the gift is claimed. A gift already
 * delivered is mailed to the new address with a fresh link, so the old address's link stops working.
 */
export async function changeGiftRecipient(ctx: AppContext, buyer: User, id: string, recipientEmail: string) {
  const row = await ownGift(ctx, buyer, id);
  if (recipientEmail === buyer.email.toLowerCase()) throw badRequest('gift_to_self');
  if (!isChangeable(row.gift)) throw conflict('gift_not_editable');
  // counted before anything changes: a refusal leaves the old address and its link as they were
  if (row.gift.deliveredAt) await ctx.limiter.hit(`gift-resend:${buyer.id}`, RESENDS_PER_HOUR);
  const [changed] = await ctx.db
    .update(gifts)
    .set({ recipientEmail })
    .where(and(eq(gifts.id, id), isNull(gifts.claimedAt), isNull(gifts.revokedAt)))
    .returning();
  if (!changed) throw conflict('gift_not_editable');
  if (changed.deliveredAt) await sendGiftMail(ctx, { ...row, gift: changed });
  return presentBoughtGift((await findGift(ctx.db, id))!);
}

async function giftOfToken(ctx: AppContext, token: string) {
  const row = await findGiftByTokenHash(ctx.db, sha256(token));
  if (!row) throw notFound('gift_link_invalid');
  return row;
}

/** POST gifts/view: the claim page's gift; the link's token is the key, so anyone holding it may look. */
export const viewGift = async (ctx: AppContext, token: string) => presentGiftView(await giftOfToken(ctx, token));

/**
 * POST app/gifts/claim: the claimer holds the tier as a 'gift' subscription until the claim day
 * plus the gift's months (after the end of a gift they already hold: gifts add up). The claim is
 * one conditional update of the gift (not claimed, not revoked, this link), in the transaction
 * that starts the subscription: of two claims at once, on any instances, one succeeds and the
 * other gets 409 `gift_already_claimed`. A claimer who already has the plan another way (paid,
 * complimentary) is refused with 409 `gift_already_subscribed`, and the gift stays claimable.
 */
export async function claimGift(ctx: CommandContext, claimer: User, token: string) {
  const row = await giftOfToken(ctx, token);
  const { gift, tier } = row;
  authorize(canClaimGift(claimer, gift, tier), () =>
    forbidden(claimer.id === gift.buyerId ? 'gift_own_claim' : 'gift_facilitator_claim'),
  );
  if (gift.revokedAt) throw conflict('gift_revoked');
  if (gift.claimedAt) throw conflict('gift_already_claimed');

  const endsAt = await inTransaction(ctx, async (tx) => {
    const [held] = await tx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, claimer.id), eq(subscriptions.tierId, tier.id)))
      .for('update');
    const hadAccess = held ? isEntitled(held) : false;
    if (hadAccess && held!.provider !== 'gift') throw conflict('gift_already_subscribed');
    const now = new Date();
    const ends = giftEndsAt(hadAccess && held!.endDate ? held!.endDate : now, gift.months);
    const [claimed] = await tx.db
      .update(gifts)
      .set({ claimedBy: claimer.id, claimedAt: now, endsAt: ends })
      .where(
        and(
          eq(gifts.id, gift.id),
          eq(gifts.tokenHash, sha256(token)),
          isNull(gifts.claimedAt),
          isNull(gifts.revokedAt),
        ),
      )
      .returning();
    if (!claimed) throw conflict('gift_already_claimed');
    const state = {
      provider: 'gift' as const,
      status: 'active',
      cancelled: false,
      endDate: ends,
      priceCents: 0,
      providerSubscriptionId: null,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    };
    const [saved] = await tx.db
      .insert(subscriptions)
      .values({ userId: claimer.id, tierId: tier.id, startDate: localDay(now, claimer.timeZone), ...state })
      .onConflictDoUpdate({
        target: [subscriptions.userId, subscriptions.tierId],
        set: { ...state, ...(hadAccess ? {} : { startDate: localDay(now, claimer.timeZone) }) },
        // a plan the member paid for meanwhile is never replaced by a gift
        setWhere: sql`not (${entitledSql()}) or ${subscriptions.provider} = 'gift'`,
      })
      .returning();
    if (!saved) throw conflict('gift_already_subscribed');
    await tierGroupFollows(tx.db, { userId: claimer.id, tier, hadAccess, hasAccess: true });
    await notify(tx.db, [
      {
        userId: tier.userId,
        type: 'subscriber',
        message: `${claimer.name} claimed a gift of ${tier.name} (${gift.months} months).`,
        link: '/dashboard',
      },
      {
        userId: gift.buyerId,
        type: 'payment',
        message: `${claimer.name} claimed your gift of ${tier.name}.`,
        link: '/subscriptions',
      },
    ]);
    return ends;
  });
  return { tierId: tier.id, facilitatorId: tier.userId, endsAt: endsAt.toISOString() };
}
