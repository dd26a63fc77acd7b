import type { ReactNode } from 'react';

export { EmptyPanel, LoadFailed, Skeleton } from '@web/components/state-panels';

export const skeletonBlock = 'rounded-lg bg-stone-200/70';

/** The page heading every practice screen starts with. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {title}
      </h1>
      {children}
    </header>
  );
}
