import { FIELD_LABELS, IMPORT_FIELDS, type ImportField } from '@common/member-imports/schemas';
import { selectClass } from './select-styles';

/** One select per column of the file: the field it fills, or Ignore. */
export function ColumnMapping({
  headers,
  columns,
  onChange,
}: {
  headers: string[];
  columns: ImportField[];
  onChange: (next: ImportField[]) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-900">What each column holds</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {headers.map((header, i) => {
          const id = `column-${i}`;
          return (
            <li key={id} className="flex flex-col gap-1">
              <label htmlFor={id} className="truncate text-xs font-medium text-stone-600">
                Column “{header || `#${i + 1}`}”
              </label>
              <select
                id={id}
                className={selectClass}
                value={columns[i]}
                onChange={(e) => onChange(columns.map((c, j) => (j === i ? (e.target.value as ImportField) : c)))}
              >
                {IMPORT_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {FIELD_LABELS[field]}
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
