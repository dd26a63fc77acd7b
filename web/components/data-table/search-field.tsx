import { useEffect, useId, useState } from 'react';
import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';

/** spec 01 §9: the table's search waits 200 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 200;

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

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

type SearchFieldProps = {
  /** What is searched, for screen readers: 'Search Facilitators'. */
  label: string;
  value: string;
  onChange: (text: string) => void;
};

/** The table's global search box (placeholder 'Search...', spec 01 §2). */
export function SearchField({ label, value, onChange }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="relative w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <MagnifyingGlassIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400" />
      <input
        id={id}
        type="search"
        value={value}
        maxLength={100}
        placeholder="Search..."
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-xl border-0 bg-white py-2.5 pr-3 pl-10 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 ring-inset placeholder:text-stone-500 focus:ring-2 focus:ring-brand-600 focus:ring-inset sm:text-sm"
      />
    </div>
  );
}
