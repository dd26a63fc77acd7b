import type { ReactNode } from 'react';
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

/** A calm empty state: an icon, a sentence and an optional way forward. */
export function EmptyPanel({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SparklesIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-md text-sm text-stone-700">{children}</p>
      {action}
    </div>
  );
}

/** Grey cards while a list loads; announced once as loading. */
export function CardsSkeleton({ label, count = 2 }: { label: string; count?: number }) {
  return (
    <div role="status" className="animate-pulse motion-reduce:animate-none">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="h-44 rounded-2xl bg-stone-200/70" />
        ))}
      </div>
    </div>
  );
}
