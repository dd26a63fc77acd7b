import { useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import clsx from 'clsx';

type EditTextFormProps = {
  /** names the text box, e.g. 'Edit your post' */
  label: string;
  initial: string;
  max: number;
  /** a post with photos or media may be left without text; a comment may not */
  allowEmpty?: boolean;
  onSave: (text: string) => Promise<unknown>;
  onCancel: () => void;
};

/** Edits a post's or comment's text in place; Escape or Cancel leaves it as it was. */
export function EditTextForm({ label, initial, max, allowEmpty = false, onSave, onCancel }: EditTextFormProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const blocked = (!allowEmpty && text.trim().length === 0) || text.trim() === initial.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blocked || saving) return;
    setSaving(true);
    setError(undefined);
    try {
      await onSave(text.trim());
    } catch (failure) {
      setError(formErrorText(failure));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={label} className="mt-3 space-y-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        maxLength={max}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onCancel()}
        aria-describedby={error ? `${id}-error` : undefined}
        className={clsx(
          'block w-full resize-y px-3 py-2',
          'rounded-xl border-0 bg-white text-sm text-stone-900 shadow-sm ring-1 ring-stone-300 ring-inset',
          'focus:ring-2 focus:ring-brand-700',
        )}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={blocked} pending={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
