import { useController, useFormContext } from 'react-hook-form';
import clsx from 'clsx';
import { contrastRatio, HEX_COLOR, MIN_ACCENT_CONTRAST } from '@common/site/colors';
import { FieldError, FieldHeading, controlStyles, useFieldIds } from '@web/components/form/field-frame';

/**
 * The accent colour: a colour picker and its hex code (either can be used; the code is the
 * labelled control), with a sample button and the contrast of white text on it.
 */
export function AccentColorField({ name, label, description }: { name: string; label: string; description: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const value = String(field.value ?? '');
  const valid = HEX_COLOR.test(value);
  const ratio = valid ? contrastRatio(value, '#ffffff') : undefined;
  const ids = useFieldIds(true, Boolean(fieldState.error));
  const readable = ratio !== undefined && ratio >= MIN_ACCENT_CONTRAST;

  return (
    <div>
      <FieldHeading ids={ids} label={label} required description={description} />
      <div className="mt-1.5 flex flex-wrap items-center gap-3">
        <input
          type="color"
          aria-label={`${label}: colour picker`}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(event) => field.onChange(event.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
        />
        <input
          id={ids.inputId}
          ref={field.ref}
          name={field.name}
          value={value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-required
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby={[ids.describedBy, `${ids.inputId}-contrast`].filter(Boolean).join(' ')}
          className={controlStyles(Boolean(fieldState.error), 'w-32! font-mono')}
        />
        <span
          aria-hidden="true"
          className="inline-flex h-11 items-center rounded-lg px-4 text-sm font-semibold text-white shadow-sm"
          style={{ backgroundColor: valid ? value : '#a8a29e' }}
        >
          Button
        </span>
      </div>
      <p
        id={`${ids.inputId}-contrast`}
        className={clsx('mt-1.5 text-sm', ratio === undefined || readable ? 'text-stone-600' : 'text-red-700')}
      >
        {ratio === undefined
          ? 'Enter # and six hex digits, e.g. #15803d.'
          : `White text on it: ${ratio.toFixed(1)}:1 ` +
            (readable ? '(readable)' : `(too light, needs ${MIN_ACCENT_CONTRAST}:1)`)}
      </p>
      <FieldError id={ids.errorId}>{fieldState.error?.message}</FieldError>
    </div>
  );
}
