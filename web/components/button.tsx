import { useEffect, useRef, useState, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { buttonStyles, type ButtonSize, type ButtonVariant } from './button-styles';
import { Spinner } from './spinner';
import { formErrorText } from './form/error-text';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows the spinner and disables the button, e.g. while its form is submitting. */
  pending?: boolean;
  /** May return a promise: the button shows a spinner until it settles. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
  children: ReactNode;
};

export const MISSING_CLICK_HANDLER = 'Button is missing an click handler';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  pending = false,
  type = 'button',
  onClick,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  // a button that submits nothing and does nothing is a developer error.
  if (type !== 'submit' && !onClick) throw new Error(MISSING_CLICK_HANDLER);

  const [running, setRunning] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const busy = pending || running;

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    const result = onClick?.(event);
    if (!isThenable(result)) return;
    setRunning(true);
    Promise.resolve(result)
      // An async handler that throws would otherwise fail silently: tell the user.
      .catch(async (error: unknown) => (await import('sonner')).toast.error(formErrorText(error)))
      .finally(() => mounted.current && setRunning(false));
  }

  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={onClick ? handleClick : undefined}
      className={clsx(buttonStyles({ variant, size, fullWidth }), className)}
      {...rest}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
