import { useSearchParams } from 'react-router';
import { BanknotesIcon, BuildingLibraryIcon } from '@heroicons/react/24/outline';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { formErrorText } from '@web/components/form/error-text';
import { useCompleteTestConnect } from './api/complete-test-connect';
import { sameSiteReturnPath } from './return-path';
import { TestModeShell } from './test-mode-shell';

const roundIcon = 'flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700';

/** ?dashboard=1: where 'Manage Payment Details' lands in test mode, in place of Stripe's Express dashboard. */
function PayoutsDashboardNote() {
  return (
    <div className="text-center">
      <span className={`${roundIcon} mx-auto`}>
        <BanknotesIcon className="size-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-xl font-semibold text-stone-900">Payouts dashboard (test mode)</h1>
      <p className="mt-2 text-sm text-stone-600">
        With Stripe configured, this is where you would see your payouts and change your bank details. In test mode your
        bank account is simulated and no money is paid out.
      </p>
      <a href="/dashboard" className={`${buttonStyles({ fullWidth: true })} mt-6`}>
        Back to your dashboard
      </a>
    </div>
  );
}

/**
 * /test-mode/connect?return=…, the built-in provider's bank-linking page: linking is simulated,
 * one button completes it and goes back to `return` (same site only) or the dashboard.
 */
export function TestConnectPage() {
  const [params] = useSearchParams();
  const returnTo = sameSiteReturnPath(params.get('return')) ?? '/dashboard';
  const complete = useCompleteTestConnect();

  if (params.get('dashboard') === '1') {
    return (
      <TestModeShell title="Payouts">
        <PayoutsDashboardNote />
      </TestModeShell>
    );
  }

  return (
    <TestModeShell title="Link bank account">
      <span className={roundIcon}>
        <BuildingLibraryIcon className="size-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-xl font-semibold text-stone-900">Link your bank account</h1>
      <p className="mt-2 text-sm text-stone-600">
        With Stripe configured, you would give your identity and bank details here so that what members pay reaches you.
        In test mode this step is simulated: no details are asked for and no money moves.
      </p>
      {complete.isError && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {formErrorText(complete.error)}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3">
        <Button
          size="lg"
          fullWidth
          pending={complete.isPending || complete.isSuccess}
          onClick={() => complete.mutate(undefined, { onSuccess: () => window.location.assign(returnTo) })}
        >
          Complete linking
        </Button>
        <a href={returnTo} className={buttonStyles({ variant: 'secondary', fullWidth: true })}>
          Not now
        </a>
      </div>
    </TestModeShell>
  );
}
