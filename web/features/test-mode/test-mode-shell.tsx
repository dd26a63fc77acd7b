import type { ReactNode } from 'react';
import { BeakerIcon } from '@heroicons/react/24/outline';
import { PAYMENT_TEXTS } from '@common/payments/schemas';
import { TendLogo } from '@web/components/tend-logo';
import { PageTitle } from '@web/components/page-title';
import clsx from 'clsx';

/**
 * The look of the built-in provider's hosted pages: a payment page of its own, with no app
 * navigation, and an unmistakable 'Test mode - no real charge' banner.
 */
export function TestModeShell({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const width = wide ? 'max-w-xl' : 'max-w-md';
  return (
    <div className="flex min-h-svh flex-col bg-stone-100">
      <PageTitle note=" (test mode)">{title}</PageTitle>
      <header className="bg-amber-300 px-4 py-2 text-amber-950">
        <p className="flex items-center justify-center gap-2 text-center text-sm font-semibold">
          <BeakerIcon className="size-5 shrink-0" aria-hidden="true" />
          {PAYMENT_TEXTS.testMode}
        </p>
      </header>
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-8 sm:py-14">
        <div className={`mb-6 flex w-full ${width} items-center justify-between gap-3`}>
          <TendLogo />
          <span
            className={clsx(
              'px-3 py-1',
              'rounded-full bg-white text-xs font-semibold tracking-wide text-stone-600 uppercase ring-1',
              'ring-stone-300',
            )}
          >
            Test mode
          </span>
        </div>
        <div className={`w-full ${width} rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8`}>
          {children}
        </div>
        <p className={`mt-6 ${width} text-center text-xs text-stone-600`}>
          This page stands in for the payment provider while Tend runs without a Stripe key. No card is asked for and no
          money moves.
        </p>
      </main>
    </div>
  );
}
