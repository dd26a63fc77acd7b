import type { ReactNode } from 'react';
import { ExclamationCircleIcon } from '@heroicons/react/24/outline';
import clsx from 'clsx';
import { centredCardStyles } from './card-styles';

/** A page's data could not be loaded: an alert with what failed and, as children, a way to try again. */
export function LoadFailedPanel({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div role="alert" className={clsx(centredCardStyles, 'py-10')}>
      <ExclamationCircleIcon className="size-8 text-red-700" aria-hidden="true" />
      <p className="text-sm text-stone-700">{message}</p>
      {children}
    </div>
  );
}
