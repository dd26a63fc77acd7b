import type { ComponentType, ReactNode, SVGProps } from 'react';
import clsx from 'clsx';
import { SparklesIcon } from '@heroicons/react/24/outline';
import { Button } from './button';
import { LoadFailedPanel } from './load-failed-panel';
import { centredCardStyles } from './card-styles';
import { OfflinePanel } from './offline-panel';
import { useWhenBackOnline } from './use-online';

/**
 * A load failure with a way to try again (every list and page uses this one). Offline it says
 * plainly that the page needs a connection, and tries again by itself once it is back.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  const online = useWhenBackOnline(onRetry);
  if (!online) return <OfflinePanel />;
  return (
    <LoadFailedPanel message={message}>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </LoadFailedPanel>
  );
}

type EmptyPanelProps = {
  /** the feature's icon; a sparkle by default */
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  /** a short heading above the sentence */
  title?: string;
  /** the sentence saying there is nothing here yet */
  children?: ReactNode;
  /** a way forward (a link or button) */
  action?: ReactNode;
  className?: string;
};

/** A calm empty state: an icon, an optional heading, the sentence and an optional way forward. */
export function EmptyPanel({ icon: Icon = SparklesIcon, title, children, action, className }: EmptyPanelProps) {
  return (
    <div className={clsx(centredCardStyles, 'py-10', className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      {title && <p className="text-base font-medium text-stone-800">{title}</p>}
      {children && <p className={clsx('max-w-md text-sm', title ? 'text-stone-600' : 'text-stone-700')}>{children}</p>}
      {action}
    </div>
  );
}

/** Grey placeholder blocks while something loads; announced once as loading. */
export function Skeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" className="animate-pulse motion-reduce:animate-none">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

export const skeletonBlock = 'rounded-2xl bg-stone-200/70';
