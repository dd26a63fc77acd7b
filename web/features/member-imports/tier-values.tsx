import type { PreviewAnswer } from '@common/member-imports/schemas';
import { selectClass } from './select-styles';

const NONE = '';

/** Each tier value found in the file and the tier it gives (a name match is chosen already). */
export function TierValues({
  preview,
  chosen,
  onChange,
}: {
  preview: PreviewAnswer;
  chosen: Record<string, string | null>;
  onChange: (next: Record<string, string | null>) => void;
}) {
  if (preview.tierValues.length === 0) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-900">Tier values in the file</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {preview.tierValues.map((v, i) => {
          const id = `tier-value-${i}`;
          const current = v.value in chosen ? chosen[v.value] : v.tierId;
          return (
            <li key={v.value} className="flex flex-col gap-1">
              <label htmlFor={id} className="text-xs font-medium text-stone-600">
                “{v.value}” ({v.rows} {v.rows === 1 ? 'row' : 'rows'})
              </label>
              <select
                id={id}
                className={selectClass}
                value={current ?? NONE}
                onChange={(e) => onChange({ ...chosen, [v.value]: e.target.value === NONE ? null : e.target.value })}
              >
                <option value={NONE}>No tier</option>
                {preview.tiers.map((t) => (
                  <option key={t._id} value={t._id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
