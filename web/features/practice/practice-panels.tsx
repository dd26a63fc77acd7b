import type { ReactNode } from 'react';
import clsx from 'clsx';
import { SparklesIcon } from '@heroicons/react/24/outline';
import { Button } from '@web/components/button';
import { LoadFailedPanel } from '@web/components/load-failed-panel';

/** A load failure with a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  return (
    <LoadFailedPanel message={message}>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </LoadFailedPanel>
  );
}

/** A calm empty state: an icon, the spec's sentence and an optional way forward. */
export function EmptyPanel({ children, action, className }: { children: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div className={clsx('flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm', className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SparklesIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-md text-sm text-stone-700">{children}</p>
      {action}
    </div>
  );
}

/** Grey placeholder blocks while a page loads; announced once as loading. */
export function Skeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" className="animate-pulse motion-reduce:animate-none">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

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
