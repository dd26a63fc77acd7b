import { useId } from 'react';
import { useController } from 'react-hook-form';
import clsx from 'clsx';
import { CONTENT_TYPES, type ContentType } from '@common/content/schemas';
import { FieldError, RequiredMark } from '@web/components/form/field-frame';
import { CONTENT_TYPE_DISPLAY } from '@web/components/content-types';

/**
 * Content-type tiles: a radio group drawn as tiles with icons. Native radios underneath,
 * so Tab reaches the group and the arrow keys move the choice.
 */
export function ContentTypeTiles() {
  const id = useId();
  const { field, fieldState } = useController<{ contentType: ContentType | null }, 'contentType'>({
    name: 'contentType',
  });
  const errorId = fieldState.error ? `${id}-error` : undefined;
  return (
    <fieldset
      role="radiogroup"
      aria-required="true"
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
    >
      <legend className="text-sm font-medium text-stone-800">
        Content type
        <RequiredMark />
      </legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {CONTENT_TYPES.map((type, index) => {
          const { label, icon: Icon } = CONTENT_TYPE_DISPLAY[type];
          const checked = field.value === type;
          return (
            <label
              key={type}
              className={clsx(
                // a real border, which forced colours keep; the chosen tile doubles it
                'relative flex cursor-pointer flex-col items-center gap-1.5 px-2 py-3',
                'rounded-xl border text-center',
                'transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700',
                checked
                  ? clsx(
                      'border-brand-700 bg-brand-50 text-brand-900 ring-1 ring-inset ring-brand-700',
                      'forced-colors:border-[3px] forced-colors:border-[color:Highlight]',
                    )
                  : 'border-stone-400 bg-white text-stone-700 hover:bg-stone-50',
                fieldState.error && !checked && 'border-red-600',
              )}
            >
              <input
                type="radio"
                name={`${id}-content-type`}
                value={type}
                ref={index === 0 ? field.ref : undefined}
                checked={checked}
                onChange={() => field.onChange(type)}
                onBlur={field.onBlur}
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
              />
              <Icon className={clsx('size-6', checked ? 'text-brand-700' : 'text-stone-500')} aria-hidden="true" />
              <span className="text-sm font-medium">{label}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId}>{fieldState.error?.message}</FieldError>
    </fieldset>
  );
}
