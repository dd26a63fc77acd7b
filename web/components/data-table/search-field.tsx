import { useState } from 'react';
import { SearchField } from '../search-field';
import { useDebouncedValue } from '../use-debounced-value';

/**
 * A table's search: the text as typed (for the box) and the search in force, the trimmed text
 * once typing pauses; '' when the table has no box. Client and server tables both keep it here.
 */
export function useTableSearch(searchable: boolean) {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim());
  const applied = searchable ? settled : '';
  return { applied, box: searchable ? { text, onChange: setText, applied } : undefined };
}

/** The table's global search box (placeholder 'Search...'); `label` names it for screen readers. */
export function TableSearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <SearchField
      label={label}
      placeholder="Search..."
      value={value}
      onChange={onChange}
      className="w-full sm:max-w-xs"
    />
  );
}
