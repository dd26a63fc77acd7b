import { useId } from 'react';
import { toast } from 'sonner';
import { formErrorText } from '@web/components/form/error-text';
import { controlStyles } from '@web/components/form/field-frame';
import { LoadFailed } from '@web/components/state-panels';
import { useChooseReferralReward, useReferralReward } from './api/referral-reward';

export const REFERRAL_REWARD_TEXTS = {
  label: 'Referral reward',
  hint: 'Whoever brings you a member gets this offer when that member first pays you. Only they can use it, once.',
  none: 'No reward',
  noOffers: 'Create an offer on one of your paid tiers to reward the people who bring you members.',
  loading: 'Loading your referral reward…',
  loadFailed: 'We could not load your referral reward.',
  saved: (code: string | null) => (code ? `Referrers now earn ${code}.` : 'Referrers earn no reward now.'),
} as const;
const T = REFERRAL_REWARD_TEXTS;

/** The dashboard's choice of referral reward: one of my active offers, or none. */
export function ReferralRewardControl() {
  const selectId = useId();
  const hintId = useId();
  const reward = useReferralReward();
  const choose = useChooseReferralReward();
  if (reward.isPending) return <p className="text-sm text-stone-600">{T.loading}</p>;
  if (reward.isError) return <LoadFailed message={T.loadFailed} onRetry={() => void reward.refetch()} />;
  const { offerId, choices } = reward.data;
  if (choices.length === 0 && !offerId) return <p className="text-sm text-stone-600">{T.noOffers}</p>;
  function pick(value: string) {
    const next = value || null;
    choose.mutate(next, {
      onSuccess: () => toast.success(T.saved(choices.find((c) => c.id === next)?.code ?? null)),
      onError: (error) => toast.error(formErrorText(error)),
    });
  }
  return (
    <div>
      <label htmlFor={selectId} className="block text-sm font-medium text-stone-900">
        {T.label}
      </label>
      <select
        id={selectId}
        value={offerId ?? ''}
        disabled={choose.isPending}
        aria-describedby={hintId}
        onChange={(event) => pick(event.currentTarget.value)}
        className={controlStyles(false, 'mt-1 min-h-11 sm:max-w-md')}
      >
        <option value="">{T.none}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.code} · {c.discount} · {c.tierName}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-sm text-stone-600">
        {T.hint}
      </p>
    </div>
  );
}
