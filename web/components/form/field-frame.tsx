import { useId, type ReactNode } from 'react';
import clsx from 'clsx';

export type FieldIds = { inputId: string; descriptionId?: string; errorId?: string; describedBy?: string };

/** Ids linking an input to its hint and error (aria-describedby). */
export function useFieldIds(hasDescription: boolean, hasError: boolean): FieldIds {
  const inputId = useId();
  const descriptionId = hasDescription ? `${inputId}-description` : undefined;
  const errorId = hasError ? `${inputId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return { inputId, descriptionId, errorId, describedBy };
}

/** The red asterisk of a required field (spec 01 §5); aria-required tells assistive tech instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-600">
      *
    </span>
  );
}

export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-700">
      {children}
    </p>
  );
}

export function FieldDescription({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-stone-500">
      {children}
    </p>
  );
}

type FieldFrameProps = {
  ids: FieldIds;
  label: ReactNode;
  required?: boolean;
  description?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
};

/** Label above, hint, control, error below: the layout of every text-like field. */
export function FieldFrame({ ids, label, required, description, error, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      <div className="flex items-baseline">
        {/* The asterisk sits outside the label so the accessible name stays the plain label. */}
        <label htmlFor={ids.inputId} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        {required && <RequiredMark />}
      </div>
      <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      <div className="mt-1.5">{children}</div>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}

/** The look of text-like controls; `invalid` turns the ring red. */
export function controlStyles(invalid: boolean, extra?: string) {
  return clsx(
    'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm sm:text-sm',
    'ring-1 ring-inset placeholder:text-stone-400 focus:ring-2 focus:ring-inset',
    'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500',
    invalid ? 'ring-red-500 focus:ring-red-600' : 'ring-stone-300 focus:ring-brand-600',
    extra,
  );
}
