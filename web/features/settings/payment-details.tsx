import type { ReactNode } from 'react';
import { BanknotesIcon, CreditCardIcon } from '@heroicons/react/24/outline';
import type { OwnProfileAnswer } from '@common/profiles/schemas';
import { Button } from '@web/components/button';
import { getBankLink, getBillingPortal, getPayoutLogin, paymentRedirect } from './api/payment-links';
import { usePayoutAccount } from './api/payout-account';
import { PayoutRequirements } from './payout-requirements';

type PayoutStatus = NonNullable<OwnProfileAnswer['payoutStatus']>;

// The payment and payout texts of Settings, word for word as the product shows them.
export const MEMBER_PAYMENT_LABELS = { add: 'Add payment details', manage: 'Manage payment details' } as const;
export const PAYOUT_LABELS: Record<PayoutStatus, string> = {
  not_linked: 'Link Bank Account',
  incomplete: 'Finish Linking Payment Details',
  linked: 'Manage Payment Details',
};

const PAYOUT_HINTS: Record<PayoutStatus, string> = {
  not_linked: 'Link a bank account to be paid for your paid tiers and sessions.',
  incomplete: 'Your payout details are not finished yet. Pick up where you left off.',
  linked: 'Your bank account is linked. Change it or see your payouts with our payment provider.',
};

async function go(fetchUrl: () => Promise<string>) {
  paymentRedirect.go(await fetchUrl());
}

/** Members manage their card in the provider's portal; facilitators link the bank account they are paid into. */
export function PaymentDetails({ profile }: { profile: OwnProfileAnswer }) {
  if (profile.isFacilitator) return <FacilitatorPayouts profile={profile} />;
  return (
    <PaymentPanel
      icon={CreditCardIcon}
      hint={
        profile.hasPaymentDetails
          ? 'Update your card or see your invoices with our payment provider.'
          : 'Add a card with our payment provider now, or when you first join a paid tier.'
      }
    >
      <Button variant="secondary" onClick={() => go(getBillingPortal)}>
        {profile.hasPaymentDetails ? MEMBER_PAYMENT_LABELS.manage : MEMBER_PAYMENT_LABELS.add}
      </Button>
    </PaymentPanel>
  );
}

function FacilitatorPayouts({ profile }: { profile: OwnProfileAnswer }) {
  // read back from the provider whenever Settings opens (and on the way back from onboarding)
  const account = usePayoutAccount(profile.payoutStatus !== 'not_linked');
  const status = account.data?.status ?? profile.payoutStatus ?? 'not_linked';
  return (
    <div>
      <PaymentPanel icon={BanknotesIcon} hint={PAYOUT_HINTS[status]}>
        <Button
          variant={status === 'linked' ? 'secondary' : 'primary'}
          onClick={() => go(status === 'linked' ? getPayoutLogin : getBankLink)}
        >
          {PAYOUT_LABELS[status]}
        </Button>
      </PaymentPanel>
      {account.data && <PayoutRequirements account={account.data} />}
    </div>
  );
}

function PaymentPanel({
  icon: Icon,
  hint,
  children,
}: {
  icon: typeof CreditCardIcon;
  hint: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <p className="text-sm text-stone-600">{hint}</p>
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}
