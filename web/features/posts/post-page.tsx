import { ComingSoon } from '@web/components/coming-soon';

// placeholder until this screen is built (issue 5)
export function PostPage() {
  return <ComingSoon title="Post" />;
}
