import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import type { BillingInterval } from '@common/tiers/intervals';
import type { TierAnswer } from '@common/tiers/schemas';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/api/client';
import { useCheckoutSession } from './api/create-checkout-session';
import { offerKey } from './api/get-offer';
import { useRestartSubscription } from './api/restart-subscription';
import { useSubscribeFree } from './api/subscribe-free';
import { paymentRedirect } from './payment-redirect';
import { planStateOf, subscriptionsTabHref } from './subscription-status';
import { PLAN_TEXTS } from './subscription-texts';

type PlanButtonProps = {
  tier: TierAnswer;
  /** My subscription to this tier, if I ever had one. */
  subscription: SubscriptionAnswer | undefined;
  /** The id of the plan's name, so the button is announced with it. */
  describedBy?: string;
  /** an offer that applies to this plan, sent with the checkout */
  offerCode?: string;
  /** the billing interval chosen on the card (a plan with several prices); absent: its default */
  interval?: BillingInterval;
};

/**
 * Profile plans: 'Subscribe' or 'Get Course' when I have no subscription, 'View in My
 * Subscriptions' while it is active, 'Reactivate Subscription' once it is inactive. Free plans are
 * joined on the spot; paid ones go through the provider's hosted checkout. A failure is toasted
 * by the Button.
 */
export function PlanButton({ tier, subscription, describedBy, offerCode, interval }: PlanButtonProps) {
  const queryClient = useQueryClient();
  const subscribeFree = useSubscribeFree();
  const restart = useRestartSubscription();
  const createCheckoutSession = useCheckoutSession();
  // Stays busy after the checkout answered, until the browser has left for it.
  const [leaving, setLeaving] = useState(false);
  const state = planStateOf(subscription);

  async function checkout() {
    let url: string;
    try {
      // a course and a plan of one price send no interval, as before
      const chosen = (tier.prices?.length ?? 0) > 1 ? interval : undefined;
      url = await createCheckoutSession(tier._id, { interval: chosen, offer: offerCode });
    } catch (err) {
      // the offer ended or ran out since the card showed it: the card is told, and shows the usual price
      if (offerCode && err instanceof ApiError && err.code?.startsWith('offer_'))
        void queryClient.invalidateQueries({ queryKey: offerKey(tier.user, offerCode) });
      throw err;
    }
    setLeaving(true);
    paymentRedirect.go(url);
  }

  async function join() {
    if (tier.price > 0) return checkout();
    const answer = await subscribeFree.mutateAsync(tier._id);
    toast.success(
      answer.status === 'already_subscribed'
        ? `You're already subscribed to ${tier.name}.`
        : `You're subscribed to ${tier.name}!`,
    );
  }

  async function reactivate(sub: SubscriptionAnswer) {
    // an ended gift is followed by the paid plan
    if (sub.isPaid || sub.isGift) return checkout();
    await restart.mutateAsync(sub._id);
    toast.success(`${tier.name} is active again.`);
  }

  // a gift held now: the paid plan may follow it at once (it replaces the gift's remaining days)
  if (subscription?.isGift && state === 'active' && tier.payable !== false) {
    return (
      <>
        <Button fullWidth pending={leaving} aria-describedby={describedBy} onClick={checkout}>
          {PLAN_TEXTS.subscribe}
        </Button>
        <p className="mt-2 text-xs text-stone-600">{PLAN_TEXTS.giftHeld}</p>
      </>
    );
  }
  if (subscription && state === 'active') {
    return (
      <Link
        to={subscriptionsTabHref(subscription)}
        aria-describedby={describedBy}
        className={buttonStyles({ variant: 'secondary', fullWidth: true })}
      >
        {PLAN_TEXTS.view}
      </Link>
    );
  }
  // a paid plan of a facilitator who cannot be paid yet: said instead of a button the server would refuse
  if (tier.price > 0 && tier.payable === false) {
    return (
      <p className="rounded-lg bg-stone-100 px-3 py-2.5 text-center text-sm font-medium text-stone-700">
        {PLAN_TEXTS.cannotTakePayments}
      </p>
    );
  }
  if (subscription && state === 'inactive') {
    return (
      <Button fullWidth pending={leaving} aria-describedby={describedBy} onClick={() => reactivate(subscription)}>
        {PLAN_TEXTS.reactivate}
      </Button>
    );
  }
  return (
    <Button fullWidth pending={leaving} aria-describedby={describedBy} onClick={join}>
      {tier.type === 'single' ? PLAN_TEXTS.getCourse : PLAN_TEXTS.subscribe}
    </Button>
  );
}
