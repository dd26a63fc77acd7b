import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';

export type CheckboxCard = { id: string; name: string; detail?: ReactNode };

/**
 * Several choices of one form field (a list of ids) shown as ticked cards, native checkboxes
 * underneath: each is named by its name alone and described by its detail, and the first takes
 * the field's focus ref so a refused submit lands on the list.
 */
export function CheckboxCards({
  idPrefix,
  choices,
  field,
}: {
  /** unique per list (useId), so the name/detail ids don't clash between lists */
  idPrefix: string;
  choices: readonly CheckboxCard[];
  field: Pick<ControllerRenderProps<Record<string, string[]>>, 'value' | 'onChange' | 'onBlur' | 'ref'>;
}) {
  const chosen: string[] = field.value ?? [];
  const toggle = (choiceId: string, on: boolean) =>
    field.onChange(on ? [...chosen, choiceId] : chosen.filter((c) => c !== choiceId));
  return (
    <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
      {choices.map((choice, index) => {
        const checked = chosen.includes(choice.id);
        const nameId = `${idPrefix}-${choice.id}-name`;
        const detailId = `${idPrefix}-${choice.id}`;
        return (
          <label
            key={choice.id}
            className={clsx(
              'flex min-w-0 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors',
              checked
                ? 'border-brand-700 bg-brand-50 forced-colors:border-[color:Highlight]'
                : 'border-stone-400 hover:bg-stone-50',
            )}
          >
            <input
              type="checkbox"
              ref={index === 0 ? field.ref : undefined}
              checked={checked}
              onChange={(event) => toggle(choice.id, event.target.checked)}
              onBlur={field.onBlur}
              aria-labelledby={nameId}
              aria-describedby={choice.detail ? detailId : undefined}
              className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700"
            />
            <span className="min-w-0 text-sm">
              <span id={nameId} className="block font-medium break-words text-stone-900">
                {choice.name}
              </span>
              {choice.detail && (
                <span id={detailId} className="block text-xs break-words text-stone-600">
                  {choice.detail}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </div>
  );
}
