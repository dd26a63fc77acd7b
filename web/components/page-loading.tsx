import clsx from 'clsx';

/** A calm, centred loading indicator for whole pages (router hydration, lazy screens). */
export function PageLoading({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={clsx('flex min-h-[50vh] flex-col items-center justify-center gap-3', className)}>
      <span
        aria-hidden="true"
        className={clsx(
          'size-8',
          'rounded-full border-[3px] border-brand-100 border-t-brand-700',
          'animate-spin motion-reduce:animate-none',
        )}
      />
      <span className="text-sm text-stone-600">{label}</span>
    </div>
  );
}
