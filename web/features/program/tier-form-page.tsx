import { ComingSoon } from '@web/components/coming-soon';

// placeholder until this screen is built (issue 3)
export function TierFormPage() {
  return <ComingSoon title="Tier" />;
}
