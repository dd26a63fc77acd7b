import type { ReactNode } from 'react';
import { ExclamationCircleIcon } from '@heroicons/react/24/outline';

/** A page's data could not be loaded: an alert with what failed and, as children, a way to try again. */
export function LoadFailedPanel({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      <ExclamationCircleIcon className="size-8 text-red-700" aria-hidden="true" />
      <p className="text-sm text-stone-700">{message}</p>
      {children}
    </div>
  );
}
