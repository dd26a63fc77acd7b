import clsx from 'clsx';

/** The Tend mark (the favicon's sprout) and wordmark; the mark is decorative, so a wrapping link names itself. */
export function TendLogo({ className, showWordmark = true }: { className?: string; showWordmark?: boolean }) {
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" className="fill-brand-800" />
        <path d="M16 25c0-7 3-11 8-13-5 0-8 2-8 6 0-5-3-8-8-8 4 2 8 6 8 15z" fill="#fff" />
      </svg>
      {showWordmark && <span className="text-xl font-semibold tracking-tight text-stone-900">Tend</span>}
    </span>
  );
}
