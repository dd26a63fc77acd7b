import { useId } from 'react';
import clsx from 'clsx';
import { CheckIcon } from '@heroicons/react/20/solid';
import { Button } from '@web/components/button';
import { BindField, type FieldBinding } from '@web/components/form/field-binding';
import { FieldDescription, FieldError } from '@web/components/form/field-frame';
import { useTags } from './api/get-tags';

const HINT = 'Tags help people find your community in Explore.';

/** The group's tags (ids): every tag of GET app/tags as a pill that toggles on and off. */
export function TagsField({ name = 'tags', label = 'Tags' }: { name?: string; label?: string }) {
  return <BindField<string[]> field={{ name, label }} render={(field) => <TagPills field={field} />} />;
}

function TagPills({ field }: { field: FieldBinding<string[]> }) {
  const tags = useTags();
  const hintId = useId();
  const errorId = useId();
  const chosen = field.value ?? [];
  const toggle = (id: string) => field.onChange(chosen.includes(id) ? chosen.filter((t) => t !== id) : [...chosen, id]);

  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-sm font-medium text-stone-800">{field.label}</legend>
      <FieldDescription id={hintId}>{HINT}</FieldDescription>
      <div className="mt-2">
        {tags.isPending ? (
          <p role="status" className="text-sm text-stone-500">
            Loading tags…
          </p>
        ) : tags.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
            The tags could not be loaded.
            <Button variant="secondary" size="sm" onClick={() => tags.refetch()}>
              Try again
            </Button>
          </div>
        ) : tags.data.length === 0 ? (
          <p className="text-sm text-stone-500">No tags have been set up yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {tags.data.map((tag) => {
              const on = chosen.includes(tag._id);
              return (
                <li key={tag._id}>
                  <label
                    className={clsx(
                      // a real border, which forced colours keep; a chosen tag takes their selection colours
                      'inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm',
                      'font-medium transition-colors',
                      'has-focus-visible:outline-2 has-focus-visible:outline-offset-2',
                      'has-focus-visible:outline-brand-700',
                      on
                        ? clsx(
                            'border-brand-600 bg-brand-50 text-brand-800',
                            'forced-colors:bg-[color:Highlight] forced-colors:text-[color:HighlightText]',
                          )
                        : 'border-stone-400 bg-white text-stone-700 hover:bg-stone-50',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="sr-only"
                      checked={on}
                      onChange={() => toggle(tag._id)}
                      onBlur={field.onBlur}
                    />
                    {on && <CheckIcon aria-hidden="true" className="size-4" />}
                    {tag.text}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <FieldError id={errorId}>{field.error}</FieldError>
    </fieldset>
  );
}
