import clsx from 'clsx';

type SpinnerProps = {
  className?: string;
  /** When given the spinner is announced (role=status); otherwise it is decorative. */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  const svg = (
    <svg
      className={clsx('size-4 shrink-0 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}
