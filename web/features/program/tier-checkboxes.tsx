import { useId } from 'react';
import { useController } from 'react-hook-form';
import clsx from 'clsx';
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { CONTENT_MESSAGES } from '@common/content/schemas';
import { TIER_TYPE_LABELS, type TierAnswer } from '@common/tiers/schemas';
import { RequiredMark } from '@web/components/form/field-frame';
import { CheckboxCards } from './checkbox-cards';

/**
 * Content belongs to one or more tiers. The prompt always shows; the warning whenever
 * none is checked (in red once a submit was refused).
 */
export function TierCheckboxes({ tiers }: { tiers: TierAnswer[] }) {
  const id = useId();
  const { field, fieldState } = useController<{ tiers: string[] }, 'tiers'>({ name: 'tiers' });
  const chosen = field.value ?? [];
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
      <CheckboxCards
        idPrefix={id}
        field={field}
        choices={tiers.map((tier) => ({
          id: tier._id,
          name: tier.name,
          detail: `${TIER_TYPE_LABELS[tier.type]}${tier.releaseAllContent ? ' · course' : ''}${tier.published ? '' : ' · draft'}`,
        }))}
      />
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
