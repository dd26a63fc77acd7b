import { Description, DialogTitle } from '@headlessui/react';
import { type FormEvent, useId, useState } from 'react';
import { GIFT_MONTHS, giftPriceCents } from '@common/gifts/price';
import { dollarsToCents, formatUsd } from '@common/money';
import { localDay } from '@common/time';
import type { TierAnswer } from '@common/tiers/schemas';
import { Button } from '@web/components/button';
import { viewerZone } from '@web/components/dates';
import { DialogFormActions } from '@web/components/dialog-form-actions';
import { DialogShell } from '@web/components/dialog-shell';
import { controlStyles } from '@web/components/form/field-frame';
import { useBuyGift } from './api/gifts';
import { GIFT_TEXTS as T } from './gift-texts';
import { paymentRedirect } from './payment-redirect';

/**
 * A paid subscription plan can be given; a course or a free plan cannot, nor a plan whose
 * facilitator cannot take payments yet.
 */
export const isGiftable = (tier: TierAnswer) =>
  tier.type === 'subscription' && tier.price > 0 && tier.payable !== false;

/** 'Give as a gift' under a plan's own button, and the dialog it opens. */
export function GiftButton({ tier, describedBy }: { tier: TierAnswer; describedBy?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="mt-2 w-full" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        {T.give}
      </Button>
      <GiftDialog tier={tier} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * How long, to whom, a message and the delivery day (today in the buyer's zone or later); the
 * total is the shared rule of common/gifts/price.ts. Paying leaves for the hosted checkout.
 */
export function GiftDialog({ tier, open, onClose }: { tier: TierAnswer; open: boolean; onClose: () => void }) {
  const id = useId();
  const zone = viewerZone();
  const today = localDay(new Date(), zone);
  const [months, setMonths] = useState<number>(3);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [deliverOn, setDeliverOn] = useState(today);
  const buy = useBuyGift(tier._id);
  const priceOf = (m: number) =>
    formatUsd(giftPriceCents({ priceCents: dollarsToCents(tier.price), interval: tier.interval }, m) / 100);

  const close = () => {
    if (buy.isPending) return;
    buy.reset();
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (buy.isPending) return;
    buy.mutate(
      { months, recipientEmail: email.trim(), message: message.trim(), deliverOn, timeZone: zone },
      { onSuccess: (url) => paymentRedirect.go(url) },
    );
  }

  return (
    <DialogShell open={open} onClose={close} className="max-w-md">
      <form onSubmit={submit} aria-label={T.dialogTitle}>
        <DialogTitle className="text-lg font-semibold text-stone-900">{T.dialogTitle}</DialogTitle>
        <Description className="mt-2 text-sm text-stone-600">{T.dialogIntro(tier.name)}</Description>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-stone-800">{T.months}</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-2">
            {GIFT_MONTHS.map((m) => (
              <label
                key={m}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm text-stone-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="radio" name={`${id}-months`} checked={months === m} onChange={() => setMonths(m)} />
                <span>
                  {T.monthsOption(m)}
                  <span className="block text-xs text-stone-600">{priceOf(m)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor={`${id}-email`} className="mt-4 block text-sm font-medium text-stone-800">
          {T.email}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          data-autofocus
          autoComplete="off"
          value={email}
          aria-describedby={`${id}-email-hint`}
          onChange={(e) => setEmail(e.target.value)}
          className={controlStyles(false, 'mt-1.5')}
        />
        <p id={`${id}-email-hint`} className="mt-1 text-xs text-stone-500">
          {T.emailHint}
        </p>
        <label htmlFor={`${id}-message`} className="mt-4 block text-sm font-medium text-stone-800">
          {T.message}
        </label>
        <textarea
          id={`${id}-message`}
          rows={3}
          maxLength={1000}
          value={message}
          aria-describedby={`${id}-message-hint`}
          onChange={(e) => setMessage(e.target.value)}
          className={controlStyles(false, 'mt-1.5 resize-y')}
        />
        <p id={`${id}-message-hint`} className="mt-1 text-xs text-stone-500">
          {T.messageHint}
        </p>
        <label htmlFor={`${id}-day`} className="mt-4 block text-sm font-medium text-stone-800">
          {T.deliverOn}
        </label>
        <input
          id={`${id}-day`}
          type="date"
          required
          min={today}
          value={deliverOn}
          aria-describedby={`${id}-day-hint`}
          onChange={(e) => setDeliverOn(e.target.value)}
          className={controlStyles(false, 'mt-1.5')}
        />
        <p id={`${id}-day-hint`} className="mt-1 text-xs text-stone-500">
          {T.deliverOnHint}
        </p>
        <p className="mt-4 flex justify-between text-sm font-semibold text-stone-900">
          <span>{T.total}</span>
          <span data-testid="gift-total">{priceOf(months)}</span>
        </p>
        <DialogFormActions mutation={buy} onCancel={close} cancelText={T.cancel} submitText={T.pay} />
      </form>
    </DialogShell>
  );
}
