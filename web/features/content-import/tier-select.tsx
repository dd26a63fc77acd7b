import type { TierAnswer } from '@common/tiers/schemas';
import { controlStyles } from '@web/components/form/field-frame';

/** The tier whose queue receives the imported items. */
export function TierSelect({
  id,
  tiers,
  value,
  onChange,
}: {
  id: string;
  tiers: readonly Pick<TierAnswer, '_id' | 'name'>[];
  value: string;
  onChange: (tierId: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        Tier
      </label>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        The items go to the end of this tier’s queue, one day each.
      </p>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        className={controlStyles(false, 'mt-1')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {tiers.map((t) => (
          <option key={t._id} value={t._id}>
            {t.name}
          </option>
        ))}
      </select>
    </div>
  );
}
