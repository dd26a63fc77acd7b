import { ComingSoon } from '@web/components/coming-soon';
import { useWhoami } from '@web/features/session/api/get-whoami';

/** / (spec 02 §2 Member daily practice): a placeholder that already greets the member. */
export function DailyPracticePage() {
  const { data: whoami } = useWhoami();
  const name = whoami?.isLoggedIn ? whoami.name : undefined;
  return (
    <ComingSoon title="My Daily Practice">
      <p className="mt-2 text-base text-stone-600">{name ? `Welcome back, ${name}` : 'Welcome back'}</p>
    </ComingSoon>
  );
}
