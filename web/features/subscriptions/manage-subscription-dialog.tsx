import { useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { toast } from 'sonner';
import { PAYMENT_TEXTS, type SubscriptionAnswer } from '@common/payments/schemas';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Spinner } from '@web/components/spinner';
import { getBillingPortal } from './api/get-billing-portal';
import { useCancelSubscription } from './api/cancel-subscription';
import { useRestartSubscription } from './api/restart-subscription';
import { paymentRedirect } from './payment-redirect';
import { SUBSCRIPTION_TEXTS, TRIAL_TEXTS } from './subscription-texts';
import { useChangeTrial } from './api/change-trial';
import { Button } from '@web/components/button';
import { dateText } from '@web/components/dates';
import { formErrorText } from '@web/components/form/error-text';
import { priceWithInterval } from '@common/tiers/intervals';
import clsx from 'clsx';

type ManageSubscriptionDialogProps = {
  /** The subscription as it was when 'Manage Subscription' was pressed (stays put while closing). */
  subscription: SubscriptionAnswer | undefined;
  open: boolean;
  onClose: () => void;
};

/**
 * Free subscriptions are cancelled or restarted here; paid ones are managed in the
 * payment provider's billing portal.
 */
export function ManageSubscriptionDialog({ subscription, open, onClose }: ManageSubscriptionDialogProps) {
  if (!subscription) return null;
  return subscription.isPaid ? (
    <PaidSubscriptionDialog subscription={subscription} open={open} onClose={onClose} />
  ) : (
    <FreeSubscriptionDialog subscription={subscription} open={open} onClose={onClose} />
  );
}

function FreeSubscriptionDialog({
  subscription,
  open,
  onClose,
}: ManageSubscriptionDialogProps & { subscription: SubscriptionAnswer }) {
  const cancel = useCancelSubscription();
  const restart = useRestartSubscription();
  const name = subscription.tier.name;

  if (subscription.cancelled) {
    return (
      <ConfirmDialog
        open={open}
        onClose={onClose}
        tone="primary"
        title={SUBSCRIPTION_TEXTS.restartTitle}
        confirmLabel={SUBSCRIPTION_TEXTS.restartTitle}
        cancelLabel={SUBSCRIPTION_TEXTS.notNow}
        onConfirm={async () => {
          await restart.mutateAsync(subscription._id);
          toast.success(`${name} is active again.`);
        }}
      >
        {SUBSCRIPTION_TEXTS.restartText}
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={SUBSCRIPTION_TEXTS.cancelTitle}
      confirmLabel={SUBSCRIPTION_TEXTS.cancelTitle}
      cancelLabel={SUBSCRIPTION_TEXTS.keep}
      onConfirm={async () => {
        await cancel.mutateAsync(subscription._id);
        toast.success(`${name} was cancelled. You can restart it any time.`);
      }}
    >
      {SUBSCRIPTION_TEXTS.cancelText}
    </ConfirmDialog>
  );
}

function PaidSubscriptionDialog({
  subscription,
  open,
  onClose,
}: ManageSubscriptionDialogProps & { subscription: SubscriptionAnswer }) {
  const [redirecting, setRedirecting] = useState(false);
  return (
    <>
      <ConfirmDialog
        open={open}
        onClose={onClose}
        tone="primary"
        title={SUBSCRIPTION_TEXTS.manage}
        confirmLabel={SUBSCRIPTION_TEXTS.goToManage}
        cancelLabel={SUBSCRIPTION_TEXTS.keepSettings}
        onConfirm={async () => {
          // A member without payment details gets a 400 with a reason; the dialog shows it.
          const url = await getBillingPortal(subscription._id);
          setRedirecting(true);
          paymentRedirect.go(url);
        }}
      >
        {SUBSCRIPTION_TEXTS.manageText}
        {inTrial(subscription) && <TrialActions subscription={subscription} onDone={onClose} />}
      </ConfirmDialog>
      <RedirectingDialog open={redirecting} onClose={() => setRedirecting(false)} />
    </>
  );
}

/** A paid subscription in its free trial that is not already set to end. */
const inTrial = (s: SubscriptionAnswer) =>
  s.stripeDetails.status === 'trialing' && !s.cancelAtPeriodEnd && !s.cancelled;

/** 'Start paying now' (the trial ends, the first charge now) and 'Cancel before the first charge'. */
function TrialActions({ subscription, onDone }: { subscription: SubscriptionAnswer; onDone: () => void }) {
  const startPaying = useChangeTrial('start-paying');
  const cancel = useChangeTrial('cancel-trial');
  const name = subscription.tier.name;
  const failed = startPaying.error ?? cancel.error;
  const act = async (change: typeof startPaying, done: string) => {
    await change.mutateAsync(subscription._id);
    toast.success(done);
    onDone();
  };
  return (
    <section aria-label={TRIAL_TEXTS.title} className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-3">
      {subscription.renewsAt && (
        <p className="text-stone-800">
          {TRIAL_TEXTS.endsOn(
            dateText(subscription.renewsAt),
            priceWithInterval(subscription.price, subscription.tier.interval),
          )}
        </p>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {formErrorText(failed)}
        </p>
      )}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button
          size="sm"
          pending={startPaying.isPending}
          disabled={cancel.isPending}
          onClick={() => act(startPaying, TRIAL_TEXTS.startPayingDone(name)).catch(() => undefined)}
        >
          {TRIAL_TEXTS.startPaying}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          pending={cancel.isPending}
          disabled={startPaying.isPending}
          onClick={() => act(cancel, TRIAL_TEXTS.cancelDone(name)).catch(() => undefined)}
        >
          {TRIAL_TEXTS.cancel}
        </Button>
      </div>
    </section>
  );
}

/** Shown while the browser leaves for the provider's portal (the redirect dialog). */
function RedirectingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-stone-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className={clsx(
            'flex w-full max-w-sm flex-col items-center gap-4 p-6',
            'rounded-2xl bg-white text-center shadow-xl ring-1 ring-stone-200',
          )}
        >
          <Spinner className="size-8 text-brand-700" />
          <DialogTitle className="text-base font-semibold text-stone-900">{PAYMENT_TEXTS.redirecting}</DialogTitle>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
