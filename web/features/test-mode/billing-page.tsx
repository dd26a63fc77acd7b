import { ComingSoon } from '@web/components/coming-soon';

// placeholder until this screen is built (issue 4)
export function TestBillingPage() {
  return <ComingSoon title="Billing" />;
}
