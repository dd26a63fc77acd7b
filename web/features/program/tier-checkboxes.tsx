import { useId } from 'react';
import { useController } from 'react-hook-form';
import clsx from 'clsx';
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { CONTENT_MESSAGES } from '@common/content/schemas';
import { TIER_TYPE_LABELS, type TierAnswer } from '@common/tiers/schemas';
import { RequiredMark } from '@web/components/form/field-frame';

/**
 * Content belongs to one or more tiers. The prompt always shows; the warning whenever
 * none is checked (in red once a submit was refused).
 */
export function TierCheckboxes({ tiers }: { tiers: TierAnswer[] }) {
  const id = useId();
  const { field, fieldState } = useController<{ tiers: string[] }, 'tiers'>({ name: 'tiers' });
  const chosen = field.value ?? [];
  const toggle = (tierId: string, on: boolean) =>
    field.onChange(on ? [...chosen, tierId] : chosen.filter((t) => t !== tierId));
  const refused = Boolean(fieldState.error);

  return (
    <fieldset aria-describedby={`${id}-prompt ${id}-warning`} aria-invalid={refused || undefined}>
      <legend className="text-sm font-medium text-stone-800">
        Tiers
        <RequiredMark />
      </legend>
      <p id={`${id}-prompt`} className="mt-1 text-sm text-stone-500">
        {CONTENT_MESSAGES.tiersPrompt}
      </p>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {tiers.map((tier, index) => {
          const checked = chosen.includes(tier._id);
          return (
            <label
              key={tier._id}
              className={clsx(
                'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors',
                checked
                  ? 'border-brand-700 bg-brand-50 forced-colors:border-[color:Highlight]'
                  : 'border-stone-400 hover:bg-stone-50',
              )}
            >
              <input
                type="checkbox"
                ref={index === 0 ? field.ref : undefined}
                checked={checked}
                onChange={(event) => toggle(tier._id, event.target.checked)}
                onBlur={field.onBlur}
                className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700"
              />
              <span className="min-w-0 text-sm">
                <span className="block truncate font-medium text-stone-900">{tier.name}</span>
                <span className="block text-xs text-stone-500">
                  {TIER_TYPE_LABELS[tier.type]}
                  {tier.releaseAllContent && ' · course'}
                  {!tier.published && ' · draft'}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <div id={`${id}-warning`} aria-live="polite">
        {chosen.length === 0 && (
          <p className={clsx('mt-2 flex items-center gap-1.5 text-sm', refused ? 'text-red-700' : 'text-amber-800')}>
            <ExclamationTriangleIcon className="size-4 shrink-0" aria-hidden="true" />
            {CONTENT_MESSAGES.tiersWarning}
          </p>
        )}
      </div>
    </fieldset>
  );
}
