import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useFormState,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import clsx from 'clsx';
import type { z } from 'zod';
import { Button } from '../button';
import { formErrorText } from './error-text';
import { FormStatus, type FormState } from './form-status';
import { buildResolver, type Rule } from './rules';
import { runGuards, SubmitGuards, type SubmitGuard } from './submit-guard';

export type { FormState };

/** When field errors show: only after a submit attempt, or while typing. */
export type ValidationMode = 'onSubmit' | 'onInput';

export const INVALID_TEXT = 'Please check for errors';

export type FormProps<TValues extends FieldValues, TOut, TResult> = {
  /** A zod schema, usually the call's request schema from common/ (its output is what onSubmit gets). */
  schema?: z.core.$ZodType<TOut, TValues>;
  rules?: readonly Rule<TValues>[];
  mode?: ValidationMode;
  defaultValues?: DefaultValues<TValues>;
  onSubmit: (values: TOut) => Promise<TResult> | TResult;
  /** Runs after a successful submit, before any redirect. */
  onSuccess?: (result: TResult, values: TOut) => void | Promise<void>;
  redirectTo?: string;
  goBack?: boolean;
  submitLabel?: string;
  /** Shown (role=status) after a successful submit, e.g. 'Saved'. */
  successText?: string;
  /** Keeps the submit button disabled until it answers true. */
  canSubmit?: (values: TValues) => boolean;
  /** Extra buttons beside the submit button. */
  actions?: ReactNode;
  fullWidthSubmit?: boolean;
  className?: string;
  'aria-label'?: string;
  children: ReactNode | ((form: UseFormReturn<TValues, unknown, TOut>) => ReactNode);
};

export function Form<TValues extends FieldValues, TOut = TValues, TResult = unknown>({
  schema,
  rules,
  mode = 'onSubmit',
  defaultValues,
  onSubmit,
  onSuccess,
  redirectTo,
  goBack,
  submitLabel = 'Submit',
  successText,
  canSubmit,
  actions,
  fullWidthSubmit,
  className,
  'aria-label': ariaLabel,
  children,
}: FormProps<TValues, TOut, TResult>) {
  const navigate = useNavigate();
  // The schema and rules are read once, when the form mounts.
  const [resolver] = useState(() => buildResolver(schema, rules));
  const form = useForm<TValues, unknown, TOut>({
    resolver,
    defaultValues,
    mode: mode === 'onInput' ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const [state, setState] = useState<FormState>('none');
  const [failText, setFailText] = useState('');
  const [hasFailed, setHasFailed] = useState(false);
  const pending = useRef(false);
  const [guards] = useState(() => new Set<SubmitGuard>());
  // A failed submit focuses the error summary: the submit button was disabled while it ran, which
  // left focus on <body> (WCAG 2.4.3, focus order). An invalid one focuses the first wrong field.
  const errorSummary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state === 'fail') errorSummary.current?.focus();
  }, [state]);

  const submit = form.handleSubmit(
    async (checked) => {
      const values = await runGuards(guards, checked);
      if (values === null) return;
      setState('pending');
      let result: TResult;
      try {
        result = await onSubmit(values);
      } catch (error) {
        setFailText(formErrorText(error));
        setHasFailed(true);
        setState('fail');
        return;
      }
      setHasFailed(false);
      setState('success');
      await onSuccess?.(result, values);
      if (redirectTo) navigate(redirectTo);
      else if (goBack) navigate(-1);
    },
    () => setState('invalid'),
  );

  return (
    <FormProvider {...form}>
      <SubmitGuards.Provider value={guards}>
        <form
          noValidate
          aria-label={ariaLabel}
          data-state={state}
          className={clsx('space-y-5', className)}
          onSubmit={async (event) => {
            // Enter in a field while a submit is running must not send it twice.
            if (pending.current) {
              event.preventDefault();
              return;
            }
            pending.current = true;
            try {
              await submit(event);
            } finally {
              pending.current = false;
            }
          }}
        >
          {typeof children === 'function' ? children(form) : children}
          <ClearWhenFixed state={state} onFixed={() => setState('none')} />
          <FormStatus
            state={state}
            failText={failText}
            invalidText={INVALID_TEXT}
            successText={successText}
            alertRef={errorSummary}
          />
          <div className={clsx('flex flex-wrap items-center gap-3', fullWidthSubmit && 'flex-col-reverse sm:flex-row')}>
            {actions}
            <SubmitButton
              label={hasFailed && state !== 'pending' ? 'Retry' : submitLabel}
              pending={state === 'pending'}
              canSubmit={canSubmit}
              fullWidth={fullWidthSubmit}
            />
          </div>
        </form>
      </SubmitGuards.Provider>
    </FormProvider>
  );
}

/** Fixing the values clears the invalid state. */
function ClearWhenFixed({ state, onFixed }: { state: FormState; onFixed: () => void }) {
  const { errors } = useFormState();
  const hasErrors = Object.keys(errors).length > 0;
  // The errors can reach this subscriber a render after the state turns invalid: clear only once
  // they have been seen and are gone again.
  const sawErrors = useRef(false);
  useEffect(() => {
    if (state !== 'invalid') sawErrors.current = false;
    else if (hasErrors) sawErrors.current = true;
    else if (sawErrors.current) onFixed();
  }, [state, hasErrors, onFixed]);
  return null;
}

type SubmitButtonProps<TValues extends FieldValues> = {
  label: string;
  pending: boolean;
  canSubmit?: (values: TValues) => boolean;
  fullWidth?: boolean;
};

function SubmitButton<TValues extends FieldValues>({
  label,
  pending,
  canSubmit,
  fullWidth,
}: SubmitButtonProps<TValues>) {
  const values = useWatch() as TValues;
  const allowed = canSubmit ? canSubmit(values) : true;
  return (
    <Button
      type="submit"
      pending={pending}
      disabled={!allowed}
      fullWidth={fullWidth}
      className={fullWidth ? undefined : 'sm:ml-auto'}
    >
      {label}
    </Button>
  );
}
