import { useNavigation } from 'react-router';

/** A thin bar under the header edge while the next screen loads (its code or its data). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100">
      <div className="h-full w-full animate-pulse bg-brand-700 motion-reduce:animate-none" />
    </div>
  );
}
