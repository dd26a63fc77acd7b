import { useId } from 'react';
import { toast } from 'sonner';
import { ClipboardDocumentIcon } from '@heroicons/react/24/outline';
import { profileShareLink } from '@common/referrals/links';
import { Link } from 'react-router';
import { Button } from '@web/components/button';
import { LoadFailed } from '@web/components/state-panels';
import { useMyReferrals } from './api/referrals';
import { REFERRALS_TEXTS as T } from './settings-texts';

/**
 * Settings → Referrals: my sign-up link with Copy, how many people signed up through it and how
 * many of them paid; a facilitator also gets their profile's address carrying the same code.
 */
export function ReferralsSection({ isFacilitator }: { isFacilitator: boolean }) {
  const referrals = useMyReferrals();
  const rewardsId = useId();
  if (referrals.isPending) return <p className="text-sm text-stone-600">{T.loading}</p>;
  if (referrals.isError) return <LoadFailed message={T.loadFailed} onRetry={() => void referrals.refetch()} />;
  const { code, link, signedUp, paid, rewards = [] } = referrals.data;
  const origin = new URL(link).origin;
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600">{T.intro}</p>
      <CopyableLink label={T.linkLabel} value={link} />
      {isFacilitator && (
        <CopyableLink
          label={T.profileLinkLabel}
          value={profileShareLink(origin, code, code)}
          hint={T.profileLinkHint}
        />
      )}
      {signedUp === 0 ? (
        <p className="text-sm text-stone-600">{T.none}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3" aria-label="Your referrals">
          <Figure label="Signed up" value={signedUp} text={T.signedUp(signedUp)} />
          <Figure label="Paid" value={paid} text={T.paid(paid)} />
        </dl>
      )}
      {rewards.length > 0 && (
        <section aria-labelledby={rewardsId}>
          <h3 id={rewardsId} className="text-sm font-medium text-stone-900">
            {T.rewardsTitle}
          </h3>
          <ul className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200">
            {rewards.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="min-w-0 text-sm text-stone-900">
                  <span className="font-mono font-medium">{r.code}</span> · {r.discount}{' '}
                  <span className="text-stone-600">{T.rewardFrom(r.facilitator.name, r.tierName)}</span>
                </p>
                {r.redeemed ? (
                  <span className="text-sm text-stone-600">{T.rewardUsed}</span>
                ) : (
                  <Link
                    to={r.link}
                    className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
                    aria-label={`${T.rewardUse}: ${r.code}`}
                  >
                    {T.rewardUse}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Figure({ label, value, text }: { label: string; value: number; text: string }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50 p-3">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-2xl font-semibold text-stone-900" aria-label={text}>
        {value}
      </dd>
    </div>
  );
}

function CopyableLink({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const inputId = useId();
  const hintId = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyFailed);
    }
  }
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-900">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          readOnly
          value={value}
          aria-describedby={hint ? hintId : undefined}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 w-full min-w-0 rounded-lg border border-stone-500 bg-stone-50 px-3 font-mono text-sm text-stone-900"
        />
        <Button variant="secondary" onClick={copy} className="shrink-0" aria-label={`${T.copy} ${label.toLowerCase()}`}>
          <ClipboardDocumentIcon className="size-4" aria-hidden="true" />
          {T.copy}
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}
