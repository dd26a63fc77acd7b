import clsx from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

// Every variant has a real border, transparent where the fill is the edge: forced colours (Windows
// High Contrast) drop fills and box-shadows but draw borders, so each button keeps its outline.
const variants: Record<ButtonVariant, string> = {
  primary: 'border border-transparent bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary: 'border border-stone-400 bg-white text-stone-800 shadow-sm hover:bg-stone-50 active:bg-stone-100',
  danger: 'border border-transparent bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-5 text-base',
};

/** The button look, also for links that should read as buttons (`<Link className={buttonStyles()}>`). */
export function buttonStyles({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
} = {}) {
  return clsx(
    'inline-flex select-none items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
    variants[variant],
    sizes[size],
    fullWidth && 'w-full',
  );
}
