import { and, eq, isNull } from 'drizzle-orm';
import type { CheckoutFacts } from '../../platform/payments/provider';
import { gifts } from '../../db/schema';
import { mailLater } from '../mail/send';
import { notify } from '../notifications/service';
import { type Apply, earnerOf, type Outcome } from '../payments/events-shared';
import { recordRevenue, usd } from '../payments/revenue';
import { formatDate } from '../../../common/time';
import { deliverIfDue } from './delivery';
import { giftReceiptMail } from './mails';
import { findGift } from './queries';

/**
 * A gift's payment arrived: the gift is paid once (a conditional update, so a replayed or second
 * event does nothing), the amount is the facilitator's revenue with the buyer as the payer, and
 * once the event has committed the buyer gets a receipt and a gift due today is delivered.
 */
export async function giftPaid(a: Apply, c: CheckoutFacts): Promise<Outcome> {
  const { ctx, db } = a;
  const row = c.metadata.giftId ? await findGift(db, c.metadata.giftId) : undefined;
  if (!row || row.gift.buyerId !== c.metadata.userId) return 'ignored';
  const [paid] = await db
    .update(gifts)
    .set({ paidAt: new Date(c.created * 1000), paymentRef: c.paymentId })
    .where(and(eq(gifts.id, row.gift.id), isNull(gifts.paidAt)))
    .returning();
  if (!paid) return 'duplicate';
  await recordRevenue(ctx, db, earnerOf(row.tier), {
    memberId: row.gift.buyerId,
    amountCents: c.amountCents,
    sourceId: c.id,
    paymentRef: c.paymentId,
    created: c.created,
  });
  await notify(db, {
    userId: row.tier.userId,
    type: 'subscriber',
    message: `${row.buyer.name} bought ${paid.months} months of ${row.tier.name} as a gift (${usd(c.amountCents)}).`,
    link: '/dashboard',
  });
  a.afterCommit.push(async () => {
    const facts = {
      from: row.buyer.name,
      tierName: row.tier.name,
      facilitatorName: row.facilitator.name,
      months: paid.months,
      message: paid.message,
      recipient: paid.recipientEmail,
      amountCents: c.amountCents,
      deliverOn: formatDate(paid.deliverAt, paid.timeZone),
    };
    await mailLater(
      ctx,
      giftReceiptMail(row.buyer.email, facts, `${ctx.config.publicUrl}/subscriptions`),
      `gift-receipt:${paid.id}`,
    );
    await deliverIfDue(ctx, paid.id);
  });
  return 'applied';
}
