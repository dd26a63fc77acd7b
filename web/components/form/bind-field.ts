import { get, set } from 'react-hook-form';

// form helpers throw when a value or update definition is missing.
export const HELPER_MISSING_VALUES = 'Form helper is missing a value definition';
export const HELPER_MISSING_UPDATE = 'Form helper is missing an update definition';

/**
 * Binds one dotted path of a plain values object to a controlled field, for forms kept in
 * component state instead of a <Form>: `<InputField {...bindField(values, setValues, 'user.email')} />`.
 * The update receives a new object; the old one is not changed.
 */
export function bindField<TValues extends object>(
  values: TValues | undefined,
  update: ((next: TValues) => void) | undefined,
  path: string,
) {
  if (values === undefined || values === null) throw new Error(HELPER_MISSING_VALUES);
  if (typeof update !== 'function') throw new Error(HELPER_MISSING_UPDATE);
  return {
    name: path,
    value: get(values, path),
    onChange: (value: unknown) => update(setAtPath(values, path, value)),
  };
}

/** A copy of `values` with `path` set, copying each object on the way down. */
export function setAtPath<TValues extends object>(values: TValues, path: string, value: unknown): TValues {
  const copy = structuredClone(values);
  set(copy, path, value);
  return copy;
}
