import type { ReactNode } from 'react';
import { UserGroupIcon } from '@heroicons/react/24/outline';
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

/** A calm empty state: an icon, a heading, a sentence and an optional way forward. */
export function EmptyPanel({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-12 text-center shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <UserGroupIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="text-base font-medium text-stone-800">{title}</p>
      {children && <p className="max-w-md text-sm text-stone-600">{children}</p>}
      {action}
    </div>
  );
}
