import type { Ref } from 'react';
import { CheckCircleIcon, ExclamationCircleIcon } from '@heroicons/react/20/solid';
import clsx from 'clsx';

/** Where a form's submit stands; the form keeps it and this status shows it. */
export type FormState = 'none' | 'invalid' | 'pending' | 'success' | 'fail';

type FormStatusProps = {
  state: FormState;
  failText: string;
  invalidText: string;
  successText?: string;
  /** The error summary, which a failed submit focuses so a screen reader announces it. */
  alertRef?: Ref<HTMLDivElement>;
};

/** The form-level message: invalid and failed submits are alerts, success a polite status. */
export function FormStatus({ state, failText, invalidText, successText, alertRef }: FormStatusProps) {
  if (state === 'invalid' || state === 'fail') {
    return (
      <div
        ref={alertRef}
        role="alert"
        tabIndex={-1}
        className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
      >
        <ExclamationCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
        <p>{state === 'invalid' ? invalidText : failText}</p>
      </div>
    );
  }
  if (state === 'success' && successText) {
    return (
      <div
        role="status"
        className={clsx(
          'flex items-start gap-2 px-3 py-2.5',
          'rounded-lg border border-brand-100 bg-brand-50 text-sm text-brand-900',
        )}
      >
        <CheckCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <p>{successText}</p>
      </div>
    );
  }
  return null;
}
