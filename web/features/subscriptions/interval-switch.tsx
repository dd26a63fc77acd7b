import { useState } from 'react';
import { toast } from 'sonner';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import { priceWithInterval } from '@common/tiers/intervals';
import { savingPercent, type TierPriceAnswer } from '@common/tiers/prices';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useSwitchInterval } from './api/switch-interval';
import { PRICE_TEXTS } from './subscription-texts';

type IntervalSwitchProps = { subscription: SubscriptionAnswer; describedBy: string };

/**
 * Billing: how often a paid subscription bills now and, when its plan has other prices, a button
 * per other interval ('Switch to yearly (save 30%)', the saving against what the member pays now)
 * that asks first, saying the change is prorated.
 */
export function IntervalSwitch({ subscription: sub, describedBy }: IntervalSwitchProps) {
  const [target, setTarget] = useState<TierPriceAnswer | null>(null);
  const switchInterval = useSwitchInterval();
  const current = sub.interval ?? sub.tier.interval;
  const others = (sub.prices ?? []).filter((p) => p.interval !== current);
  if (!sub.isPaid || sub.tier.type !== 'subscription') return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-stone-600">{PRICE_TEXTS.billedEvery[current]}</p>
      {sub.canSwitchInterval &&
        others.map((p) => (
          <Button key={p.id} variant="secondary" size="sm" aria-describedby={describedBy} onClick={() => setTarget(p)}>
            {PRICE_TEXTS.switchTo(
              p.interval,
              savingPercent(
                { interval: p.interval, cents: Math.round(p.price * 100) },
                { interval: current, cents: Math.round(sub.price * 100) },
              ),
            )}
          </Button>
        ))}
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        tone="primary"
        title={target ? PRICE_TEXTS.switchTitle(target.interval) : ''}
        confirmLabel={PRICE_TEXTS.switchConfirm}
        cancelLabel={PRICE_TEXTS.switchKeep}
        onConfirm={async () => {
          if (!target) return;
          await switchInterval.mutateAsync({ id: sub._id, interval: target.interval });
          toast.success(PRICE_TEXTS.switched(sub.tier.name, target.interval));
          setTarget(null);
        }}
      >
        {target ? PRICE_TEXTS.switchText(priceWithInterval(target.price, target.interval)) : null}
      </ConfirmDialog>
    </div>
  );
}
