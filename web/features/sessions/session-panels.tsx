import type { ReactNode } from 'react';
import { CalendarDaysIcon } from '@heroicons/react/24/outline';
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

/** A calm empty state: a calendar icon, a sentence and an optional way forward. */
export function EmptyPanel({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <CalendarDaysIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-md text-sm text-stone-700">{children}</p>
      {action}
    </div>
  );
}

/** Grey blocks while a list loads; announced once as loading. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="animate-pulse motion-reduce:animate-none">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="h-24 rounded-2xl bg-stone-200/70" />
        ))}
      </div>
    </div>
  );
}
