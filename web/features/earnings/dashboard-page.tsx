import { ComingSoon } from '@web/components/coming-soon';

// placeholder until this screen is built (issue 4)
export function DashboardPage() {
  return <ComingSoon title="Dashboard" />;
}
