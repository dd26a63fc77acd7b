import type { ImportCounts } from '@common/member-imports/schemas';

const ITEMS: Array<[keyof ImportCounts, string]> = [
  ['rows', 'Rows'],
  ['newAccounts', 'New accounts'],
  ['joinsTier', 'Existing accounts joining'],
  ['noChange', 'No change'],
  ['errors', 'Errors'],
  ['mails', 'Welcome mails'],
];

/** The counts of an import's rows by outcome. */
export function ImportSummary({ counts, label }: { counts: ImportCounts; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-6">
      {ITEMS.map(([key, text]) => (
        <div key={key} className="rounded-xl bg-stone-50 px-3 py-2 ring-1 ring-stone-200">
          <dt className="text-xs text-stone-600">{text}</dt>
          <dd className="text-lg font-semibold tabular-nums text-stone-900">{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
