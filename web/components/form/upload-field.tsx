import { useId, type ChangeEvent, type Ref, type RefObject } from 'react';
import { Button } from '../button';
import type { FieldBinding } from './field-binding';
import { mergeRefs } from './file-drop';

/** The ids of an upload field: its file input, its label (the buttons point back at it), hint and error. */
export function useUploadIds(hasDescription: boolean) {
  const baseId = useId();
  return {
    baseId,
    inputId: `${baseId}-input`,
    labelId: `${baseId}-label`,
    descriptionId: hasDescription ? `${baseId}-description` : undefined,
    errorId: `${baseId}-error`,
  };
}

type UploadIds = ReturnType<typeof useUploadIds>;

type FilePickerProps = {
  inputRef: RefObject<HTMLInputElement | null>;
  field: FieldBinding<string | null>;
  ids: UploadIds;
  accept: string;
  /** A file is there or on its way: the visible buttons take the focus instead. */
  filled: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  onFile: (file: File) => void;
};

/** The sr-only file input of an upload field; the box and buttons next to it show its focus and take clicks. */
export function FilePicker({
  inputRef,
  field,
  ids,
  accept,
  filled,
  disabled,
  required,
  error,
  onFile,
}: FilePickerProps) {
  function onPicked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be picked again after a failure.
    event.target.value = '';
    if (file) onFile(file);
  }
  return (
    <input
      ref={mergeRefs(inputRef, field.ref as Ref<HTMLInputElement> | undefined)}
      id={ids.inputId}
      name={field.name}
      type="file"
      accept={accept}
      // One tab stop: the visible buttons take over once there is a file.
      tabIndex={filled ? -1 : 0}
      disabled={disabled}
      onChange={onPicked}
      onBlur={field.onBlur}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={[ids.descriptionId, error ? ids.errorId : undefined].filter(Boolean).join(' ') || undefined}
      className="peer sr-only"
    />
  );
}

type ReplaceAndRemoveProps = {
  field: FieldBinding<string | null>;
  labelId: string;
  disabled?: boolean;
  onReplace: () => void;
  /** Runs first when Remove empties the field, e.g. to forget an upload error. */
  onRemove: () => void;
};

/** The buttons under an uploaded file; each is described by the field's label. */
export function ReplaceAndRemove({ field, labelId, disabled, onReplace, onRemove }: ReplaceAndRemoveProps) {
  function remove() {
    onRemove();
    field.onChange(null);
    field.onBlur();
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onReplace} disabled={disabled} aria-describedby={labelId}>
        Replace
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={remove}
        disabled={disabled}
        aria-describedby={labelId}
        className="text-red-700"
      >
        Remove
      </Button>
    </>
  );
}
