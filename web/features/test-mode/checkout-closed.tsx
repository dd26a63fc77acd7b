import type { ReactNode } from 'react';
import { buttonStyles } from '@web/components/button-styles';

/** A checkout that cannot be paid (already paid, expired, not found): why, and one way on. */
export function CheckoutClosed({
  icon,
  heading,
  linkTo,
  linkLabel,
  children,
}: {
  icon: ReactNode;
  heading: string;
  linkTo: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-700">
        {icon}
      </span>
      <h1 className="mt-4 text-xl font-semibold text-stone-900">{heading}</h1>
      <p className="mt-2 text-sm text-stone-600">{children}</p>
      {/* A full page load, as when a hosted checkout hands back to the app. */}
      <a href={linkTo} className={`${buttonStyles({ fullWidth: true })} mt-6`}>
        {linkLabel}
      </a>
    </div>
  );
}
