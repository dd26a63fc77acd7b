import { Link } from 'react-router';
import { PageTitle } from '@web/components/page-title';
import { StripeImportPanel } from './stripe-import-panel';

/** /import-from-stripe: a facilitator moving to Tend brings the paying subscribers of their own Stripe account. */
export function StripeImportPage() {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl space-y-6">
      <PageTitle>Import from Stripe</PageTitle>
      <div>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
          Import from Stripe
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          <Link to="/dashboard" className="text-brand-700 underline underline-offset-2">
            Back to the dashboard
          </Link>
        </p>
      </div>
      <StripeImportPanel />
    </section>
  );
}
