import type { ReactNode, Ref } from 'react';
import { useController, useFormContext, type Control, type FieldValues } from 'react-hook-form';
import { labelFromPath } from '@common/forms/labels';

// The developer-error texts, word for word as the product shows them.
export const MISSING_UPDATE = 'Input field is missing an update function';
export const MISSING_VALUE = 'InputField is missing a value definition';

/**
 * What every field accepts. Inside a <Form>, give `name` (a dotted path such as `user.email`);
 * outside one, the field is controlled: give `value` and `onChange` (the update function).
 */
export type FieldProps<V> = {
  name?: string;
  value?: V;
  onChange?: (value: V) => void;
  /** Overrides the label derived from the path. */
  label?: ReactNode;
  required?: boolean;
  description?: ReactNode;
  /** An error to show when the field is used outside a <Form>. */
  error?: string;
  disabled?: boolean;
  className?: string;
};

export type FieldBinding<V> = {
  name?: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  ref?: Ref<HTMLElement>;
  label: ReactNode;
  error?: string;
};

/** Where a field sits on the page: its required mark, hint and wrapper classes. */
export type FrameOptions = Pick<FieldProps<unknown>, 'required' | 'description' | 'className'>;

type BindProps<V> = { field: FieldProps<V>; render: (binding: FieldBinding<V>, frame: FrameOptions) => ReactNode };

function frameOf<V>({ required, description, className }: FieldProps<V>): FrameOptions {
  return { required, description, className };
}

/**
 * Connects a field to the surrounding form, or checks the controlled props when there is none;
 * `field` may be the field's whole props. The render gets the binding and the frame options.
 */
export function BindField<V>({ field, render }: BindProps<V>) {
  const form = useFormContext<FieldValues>();
  if (form && field.name && field.value === undefined) {
    return <FormBoundField field={field} name={field.name} control={form.control} render={render} />;
  }
  if (field.value === undefined) throw new Error(MISSING_VALUE);
  if (typeof field.onChange !== 'function') throw new Error(MISSING_UPDATE);
  return render(
    {
      name: field.name,
      value: field.value,
      onChange: field.onChange,
      onBlur: () => undefined,
      label: field.label ?? (field.name ? labelFromPath(field.name) : ''),
      error: field.error,
    },
    frameOf(field),
  );
}

function FormBoundField<V>({
  field,
  name,
  control,
  render,
}: BindProps<V> & { name: string; control: Control<FieldValues> }) {
  const { field: bound, fieldState } = useController({ name, control });
  return render(
    {
      name,
      value: bound.value as V,
      onChange: (value: V) => {
        bound.onChange(value);
        field.onChange?.(value);
      },
      onBlur: bound.onBlur,
      ref: bound.ref,
      label: field.label ?? labelFromPath(name),
      error: fieldState.error?.message,
    },
    frameOf(field),
  );
}
