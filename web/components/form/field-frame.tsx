import { useId, type ReactNode, type Ref } from 'react';
import clsx from 'clsx';
import type { FieldBinding, FrameOptions } from './field-binding';

export type FieldIds = { inputId: string; descriptionId?: string; errorId?: string; describedBy?: string };

/** Ids linking an input to its hint and error (aria-describedby). */
export function useFieldIds(hasDescription: boolean, hasError: boolean): FieldIds {
  const inputId = useId();
  const descriptionId = hasDescription ? `${inputId}-description` : undefined;
  const errorId = hasError ? `${inputId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return { inputId, descriptionId, errorId, describedBy };
}

/** The red asterisk of a required field; aria-required tells assistive tech instead. */
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

type LabelledField = Pick<FieldBinding<unknown>, 'label' | 'error'>;

type FieldHeadingProps = Pick<FrameOptions, 'required' | 'description'> & {
  ids: Pick<FieldIds, 'inputId' | 'descriptionId'>;
  labelId?: string;
  label: ReactNode;
};

/**
 * A field's label with its required mark, then its hint. `labelId` lets buttons beside the
 * control point back at the label (aria-describedby).
 */
export function FieldHeading({ ids, labelId, label, required, description }: FieldHeadingProps) {
  return (
    <>
      <div className="flex items-baseline">
        {/* The asterisk sits outside the label so the accessible name stays the plain label. */}
        <label id={labelId} htmlFor={ids.inputId} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        {required && <RequiredMark />}
      </div>
      <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
    </>
  );
}

type FieldFrameProps = { ids: FieldIds; field: LabelledField; frame: FrameOptions; children: ReactNode };

/** Label above, hint, control, error below: the layout of every text-like field. */
export function FieldFrame({ ids, field, frame, children }: FieldFrameProps) {
  return (
    <div className={frame.className}>
      <FieldHeading ids={ids} label={field.label} required={frame.required} description={frame.description} />
      <div className="mt-1.5">{children}</div>
      <FieldError id={ids.errorId}>{field.error}</FieldError>
    </div>
  );
}

type InlineFieldLabelProps = {
  ids: FieldIds;
  field: Pick<FieldBinding<unknown>, 'label'>;
  frame: FrameOptions;
  className: string;
};

/** The label, required mark and hint beside a checkbox or switch. */
export function InlineFieldLabel({ ids, field, frame, className }: InlineFieldLabelProps) {
  return (
    <div className="text-sm leading-6">
      <label htmlFor={ids.inputId} className={className}>
        {field.label}
      </label>
      {frame.required && <RequiredMark />}
      <FieldDescription id={ids.descriptionId}>{frame.description}</FieldDescription>
    </div>
  );
}

/**
 * The ids of a field and what its control carries: id, name, blur, and the aria links to the
 * hint and error (a required field says so to assistive tech, not only by the asterisk).
 */
export function useFieldControl<E>(
  field: Pick<FieldBinding<unknown>, 'name' | 'onBlur' | 'ref' | 'error'>,
  frame: FrameOptions,
) {
  const ids = useFieldIds(Boolean(frame.description), Boolean(field.error));
  const control = {
    id: ids.inputId,
    ref: field.ref as Ref<E> | undefined,
    name: field.name,
    onBlur: field.onBlur,
    'aria-required': frame.required || undefined,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': ids.describedBy,
  } as const;
  return { ids, control };
}

/**
 * The look of text-like controls; `invalid` turns the edge red. The edge is a real border (3:1
 * against white, WCAG 1.4.11) rather than a box-shadow ring, which forced colours (Windows High
 * Contrast) remove; the placeholder reaches 4.5:1.
 */
export function controlStyles(invalid: boolean, extra?: string) {
  return clsx(
    'block w-full rounded-lg border bg-white px-3 py-[9px] text-base text-stone-900 shadow-sm',
    'sm:text-sm placeholder:text-stone-500 focus:ring-1 focus:ring-inset',
    'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500',
    invalid
      ? 'border-red-600 focus:border-red-700 focus:ring-red-700'
      : 'border-stone-500 focus:border-brand-700 focus:ring-brand-700',
    extra,
  );
}
