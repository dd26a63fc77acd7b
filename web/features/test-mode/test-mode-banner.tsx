import { useId } from 'react';
import { BeakerIcon } from '@heroicons/react/24/outline';
import { useLocation } from 'react-router';
import { PAYMENT_TEXTS } from '@common/payments/messages';
import { usePaymentsMode } from './api/get-payments-mode';

/**
 * On every page while the install runs the built-in test checkout: nobody mistakes it for real
 * payments. A landmark of its own (a region named by its text), above every layout's header: all
 * of a page's content sits in a landmark, so a screen reader's landmark list reaches it.
 */
export function TestModeBanner() {
  const { data: mode } = usePaymentsMode();
  const { pathname } = useLocation();
  const textId = useId();
  // test mode's own hosted pages carry their own, larger banner
  if (mode !== 'test' || pathname.startsWith('/test-mode')) return null;
  return (
    <section aria-labelledby={textId} className="bg-amber-300 px-4 py-1.5 text-amber-950 forced-colors:border-b">
      <p id={textId} className="flex items-center justify-center gap-2 text-center text-xs font-semibold sm:text-sm">
        <BeakerIcon className="size-4 shrink-0" aria-hidden="true" />
        {PAYMENT_TEXTS.testModeBanner}
      </p>
    </section>
  );
}
