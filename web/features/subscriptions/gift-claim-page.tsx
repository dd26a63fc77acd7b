import { Link, useParams } from 'react-router';
import { GiftIcon } from '@heroicons/react/24/outline';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { CardPage } from '@web/components/card-page';
import { dateText } from '@web/components/dates';
import { formErrorText } from '@web/components/form/error-text';
import { Spinner } from '@web/components/spinner';
import { useWhoami } from '@web/features/session/api/get-whoami';
import { isSignedIn, loginPathFor } from '@web/features/session/roles';
import { useClaimGift, useGiftView } from './api/gifts';
import { GIFT_TEXTS as T } from './gift-texts';

/**
 * /gift/{token}: the link in the gift mail, public. It shows the gift and claims it with the
 * account signed in, or sends the visitor to sign in or register and back here (`rd`).
 */
export function GiftClaimPage() {
  const { token = '' } = useParams();
  const view = useGiftView(token);
  const whoami = useWhoami();
  const claim = useClaimGift();
  const here = `/gift/${token}`;

  if (view.isPending) {
    return (
      <CardPage title={T.claimTitle}>
        <div role="status" className="flex items-center justify-center gap-3 py-6">
          <Spinner className="size-6 text-brand-700" />
          <span className="text-sm text-stone-600">{T.claimLoading}</span>
        </div>
      </CardPage>
    );
  }
  if (view.isError) {
    return (
      <CardPage title={T.badLinkTitle} subtitle={T.badLink}>
        <Link to="/" className={buttonStyles({ variant: 'secondary', fullWidth: true })}>
          Go to the home page
        </Link>
      </CardPage>
    );
  }
  const gift = view.data;
  if (claim.isSuccess) {
    return (
      <CardPage
        title={T.claimedTitle}
        icon={<GiftIcon className="size-10 text-brand-700" aria-hidden="true" />}
        subtitle={T.claimedUntil(dateText(claim.data.endsAt))}
      >
        {/* full width like the claim buttons, under the card's centred text */}
        <Link to="/subscriptions" className={buttonStyles({ variant: 'primary', fullWidth: true })}>
          {T.seePlan}
        </Link>
      </CardPage>
    );
  }
  return (
    <CardPage
      title={T.claimTitle}
      icon={<GiftIcon className="size-10 text-brand-700" aria-hidden="true" />}
      subtitle={`${T.monthsOption(gift.months)} of ${gift.tier.name} by ${gift.facilitator.name}`}
    >
      <div className="space-y-4">
        <p className="text-sm font-medium text-stone-800">{T.from(gift.from)}</p>
        {gift.message && (
          <blockquote className="rounded-lg bg-stone-50 px-4 py-3 text-sm whitespace-pre-line break-words text-stone-800">
            {gift.message}
          </blockquote>
        )}
        {gift.tier.description && (
          <p className="text-sm whitespace-pre-line break-words text-stone-600">{gift.tier.description}</p>
        )}
        {gift.state === 'claimed' ? (
          <p role="status" className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
            {T.alreadyClaimed}
          </p>
        ) : gift.state === 'refunded' ? (
          <p role="status" className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
            {T.refunded}
          </p>
        ) : (
          <>
            <p className="text-sm text-stone-600">{T.startsWhenClaimed}</p>
            {claim.isError && (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {formErrorText(claim.error)}
              </p>
            )}
            {whoami.isPending ? (
              <span aria-hidden="true" className="block h-11 w-full animate-pulse rounded-lg bg-stone-200/70" />
            ) : isSignedIn(whoami.data) ? (
              <Button className="w-full" pending={claim.isPending} onClick={() => claim.mutate(token)}>
                {T.claim}
              </Button>
            ) : (
              <div className="flex flex-col gap-3">
                <Link to={`/register?rd=${encodeURIComponent(here)}`} className={buttonStyles({ variant: 'primary' })}>
                  {T.registerToClaim}
                </Link>
                <Link to={loginPathFor(here)} className={buttonStyles({ variant: 'secondary' })}>
                  {T.signInToClaim}
                </Link>
              </div>
            )}
          </>
        )}
      </div>
    </CardPage>
  );
}
