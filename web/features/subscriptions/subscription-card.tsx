import { useId } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { ChatBubbleLeftRightIcon, RectangleStackIcon } from '@heroicons/react/24/outline';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { TendImage } from '@web/components/tend-image';
import { IntervalSwitch } from './interval-switch';
import {
  displayDate,
  hasAccess,
  subscriptionDiscountText,
  subscriptionPriceText,
  subscriptionStatusText,
} from './subscription-status';
import { PLAN_TYPE_LABELS, SUBSCRIPTION_TEXTS } from './subscription-texts';

type SubscriptionCardProps = { subscription: SubscriptionAnswer; onManage: (subscription: SubscriptionAnswer) => void };

/** My Subscriptions card: tier, facilitator, start date, status, price and what I can do. */
export function SubscriptionCard({ subscription: sub, onManage }: SubscriptionCardProps) {
  const titleId = useId();
  // a plan cancelled at the period's end keeps its content and messaging until then
  const accessible = hasAccess(sub);
  const canMessage = accessible && sub.tier.allowDirectMessaging;
  const isCourse = sub.tier.type === 'single';
  const discount = subscriptionDiscountText(sub);
  const thumbnailFallback = (
    <span
      aria-hidden="true"
      className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
    >
      <RectangleStackIcon className="size-7" />
    </span>
  );

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <TendImage
          path={sub.tier.thumbnail}
          size="xs"
          alt=""
          className="size-14 shrink-0 rounded-xl"
          fallback={thumbnailFallback}
        />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {PLAN_TYPE_LABELS[sub.tier.type]}
          </p>
          <h3 id={titleId} className="mt-0.5 text-base font-semibold break-words text-stone-900">
            {sub.tier.name}
          </h3>
          <p className="text-sm text-stone-600">
            by{' '}
            <Link
              to={`/profile/${encodeURIComponent(sub.facilitator._id)}`}
              className="font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              {sub.facilitator.name}
            </Link>
          </p>
        </div>
        <p className="shrink-0 text-right text-base font-semibold text-stone-900">{subscriptionPriceText(sub)}</p>
      </div>

      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-stone-500">Started</dt>
          <dd className="font-medium text-stone-800">
            <time dateTime={sub.startDate}>{displayDate(sub.startDate)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">Status</dt>
          <dd>
            <StatusBadge active={accessible}>{subscriptionStatusText(sub)}</StatusBadge>
          </dd>
        </div>
      </dl>

      {discount && <p className="text-sm text-stone-700">{discount}</p>}

      <IntervalSwitch subscription={sub} describedBy={titleId} />

      <div className="mt-auto flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {isCourse && accessible && (
          <Link
            to={`/course/${encodeURIComponent(sub.tier._id)}`}
            aria-describedby={titleId}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          >
            {SUBSCRIPTION_TEXTS.openCourse}
          </Link>
        )}
        {/* a course, free or paid once, is kept, and complimentary access is the facilitator's to
            end, and a gift ends on its date: nothing to manage (a plan is cancelled, restarted or paid for here) */}
        {!isCourse && !sub.isComplimentary && !(sub.isGift && sub.isActive) && (
          <Button variant="secondary" size="sm" aria-describedby={titleId} onClick={() => onManage(sub)}>
            {SUBSCRIPTION_TEXTS.manage}
          </Button>
        )}
        {canMessage && (
          <Link
            to="/messages"
            aria-describedby={titleId}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          >
            <ChatBubbleLeftRightIcon className="size-4" aria-hidden="true" />
            {SUBSCRIPTION_TEXTS.message}
          </Link>
        )}
      </div>
    </article>
  );
}

function StatusBadge({ active, children }: { active: boolean; children: string }) {
  return (
    <span
      className={clsx(
        'mt-0.5 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        active ? 'bg-brand-50 text-brand-800 ring-brand-600/20' : 'bg-stone-100 text-stone-700 ring-stone-500/20',
      )}
    >
      {children}
    </span>
  );
}
