import { Description, DialogTitle } from '@headlessui/react';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { BoughtGiftAnswer } from '@common/gifts/schemas';
import { formatUsd } from '@common/money';
import { Button } from '@web/components/button';
import { dateText } from '@web/components/dates';
import { DialogFormActions } from '@web/components/dialog-form-actions';
import { DialogShell } from '@web/components/dialog-shell';
import { formErrorText } from '@web/components/form/error-text';
import { controlStyles } from '@web/components/form/field-frame';
import { useBoughtGifts, useChangeGift } from './api/gifts';
import { GIFT_TEXTS as T } from './gift-texts';

/** My Subscriptions, 'Gifts you gave': each gift's state, and resend / change email while unclaimed. */
export function BoughtGifts() {
  const gifts = useBoughtGifts();
  const [params] = useSearchParams();
  const change = useChangeGift();
  const [readdressing, setReaddressing] = useState<BoughtGiftAnswer | null>(null);
  const headingId = useId();
  const justBought = params.get('gift') !== null;
  if (!justBought && gifts.isSuccess && gifts.data.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="text-base font-semibold text-stone-900">
        {T.section}
      </h2>
      {justBought && (
        <p role="status" className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {T.bought}
        </p>
      )}
      {gifts.isPending ? (
        <p role="status" className="mt-4 text-sm text-stone-600">
          {T.loading}
        </p>
      ) : gifts.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-800">
          {T.loadFailed}
          <Button variant="secondary" size="sm" onClick={() => gifts.refetch()}>
            {T.tryAgain}
          </Button>
        </div>
      ) : gifts.data.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{T.empty}</p>
      ) : (
        <ul aria-label={T.section} className="mt-3 divide-y divide-stone-100">
          {gifts.data.map((g) => (
            <li key={g._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words text-stone-900">
                  {T.monthsOption(g.months)} of {g.tier.name} · {g.facilitator.name}
                </p>
                <p className="break-words text-stone-600">
                  {g.recipientEmail} · {formatUsd(g.amount)} · {T.state[g.state]}
                  {g.state === 'scheduled' && ` (${dateText(g.deliverOn)})`}
                  {g.endsAt && (g.state === 'claimed' || g.state === 'ended') && ` until ${dateText(g.endsAt)}`}
                </p>
              </div>
              {(g.canResend || g.canChangeRecipient) && (
                <div className="flex flex-wrap gap-2">
                  {g.canResend && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${T.resend}: ${g.recipientEmail}`}
                      pending={change.isPending && change.variables?.id === g._id && !change.variables.recipientEmail}
                      onClick={() =>
                        change.mutate(
                          { id: g._id },
                          {
                            onSuccess: () => toast.success(T.resent),
                            onError: (error) => toast.error(formErrorText(error)),
                          },
                        )
                      }
                    >
                      {T.resend}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`${T.changeEmail}: ${g.recipientEmail}`}
                    onClick={() => setReaddressing(g)}
                  >
                    {T.changeEmail}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ChangeRecipientDialog gift={readdressing} onClose={() => setReaddressing(null)} />
    </section>
  );
}

function ChangeRecipientDialog({ gift, onClose }: { gift: BoughtGiftAnswer | null; onClose: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const change = useChangeGift();
  const close = () => {
    if (change.isPending) return;
    change.reset();
    setEmail('');
    onClose();
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!gift || change.isPending) return;
    change.mutate(
      { id: gift._id, recipientEmail: email.trim() },
      {
        onSuccess: () => {
          toast.success(T.changed);
          setEmail('');
          onClose();
        },
      },
    );
  }
  return (
    <DialogShell open={gift !== null} onClose={close} className="max-w-md">
      <form onSubmit={submit} aria-label={T.changeTitle}>
        <DialogTitle className="text-lg font-semibold text-stone-900">{T.changeTitle}</DialogTitle>
        <Description className="mt-2 text-sm text-stone-600">{gift?.recipientEmail}</Description>
        <label htmlFor={`${id}-email`} className="mt-4 block text-sm font-medium text-stone-800">
          {T.email}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          data-autofocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className={controlStyles(false, 'mt-1.5')}
        />
        <DialogFormActions mutation={change} onCancel={close} cancelText={T.cancel} submitText={T.changeSubmit} />
      </form>
    </DialogShell>
  );
}
