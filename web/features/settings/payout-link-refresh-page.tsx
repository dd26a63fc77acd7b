import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CardPage } from '@web/components/card-page';
import { getBankLink, paymentRedirect } from './api/payment-links';

/**
 * Stripe sends a facilitator here when their onboarding link has expired or was used (its
 * refresh_url): a fresh link is asked for and followed at once.
 */
export function PayoutLinkRefreshPage() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getBankLink().then(paymentRedirect.go, () => setFailed(true));
  }, []);
  return (
    <CardPage title="Link Bank Account">
      {failed ? (
        <p role="alert" className="text-sm text-stone-700">
          We could not open our payment provider just now. Go back to{' '}
          <Link className="font-semibold text-brand-700 underline" to="/settings">
            Settings
          </Link>{' '}
          and try again.
        </p>
      ) : (
        <p role="status" className="text-sm text-stone-700">
          Opening our payment provider to continue linking your bank account…
        </p>
      )}
    </CardPage>
  );
}
