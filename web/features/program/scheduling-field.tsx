import { useFormContext, useWatch } from 'react-hook-form';
import type { SchedulingMode } from '@common/content/schemas';
import { ChoiceField } from '@web/components/form/choice-field';
import { DateField } from '@web/components/form/date-field';
import { toDateInputValue } from '@web/components/form/date-values';

export const SCHEDULING_CHOICES: { value: SchedulingMode; label: string; description: string }[] = [
  {
    value: 'queue',
    label: 'Add to post queue',
    description: 'Joins the end of each chosen tier’s queue and reaches new subscribers in turn.',
  },
  { value: 'schedule', label: 'Schedule for a date', description: 'Posts to the chosen tiers on the date you pick.' },
  { value: 'now', label: 'Post now', description: 'Posts to the chosen tiers as soon as you save.' },
];

export type SchedulingValues = { mode: SchedulingMode; postedDate: string | null };

/**
 * Three mutually exclusive modes; choosing one clears the others, so a date typed for
 * 'Schedule for a date' is dropped when another mode is chosen.
 */
export function SchedulingField({ hasCourse }: { hasCourse?: boolean }) {
  const { setValue, clearErrors } = useFormContext<SchedulingValues>();
  const mode = useWatch<SchedulingValues, 'mode'>({ name: 'mode' });
  return (
    <div className="space-y-4">
      <ChoiceField
        name="mode"
        label="Scheduling"
        description="When should members get it?"
        choices={SCHEDULING_CHOICES}
        columns={3}
        onChange={(next) => {
          if (next === 'schedule') return;
          setValue('postedDate', null);
          clearErrors('postedDate');
        }}
      />
      {mode === 'schedule' && (
        <DateField
          name="postedDate"
          label="Posted date"
          withTime
          required
          min={toDateInputValue(new Date(), true)}
          description="Your local time."
        />
      )}
      {hasCourse && (
        <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-inset ring-sky-600/20">
          Course tiers release all of their content at once to new members.
        </p>
      )}
    </div>
  );
}
