import { useId } from 'react';
import clsx from 'clsx';
import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';

type SearchBoxProps = { label: string; placeholder: string; value: string; onChange: (value: string) => void; className?: string };

/** A labelled search input (the label is for screen readers; the placeholder says what it searches). */
export function SearchBox({ label, placeholder, value, onChange, className }: SearchBoxProps) {
  const id = useId();
  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <MagnifyingGlassIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400" />
      <input
        id={id}
        type="search"
        value={value}
        maxLength={100}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-xl border-0 bg-white py-2.5 pr-3 pl-10 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 ring-inset placeholder:text-stone-400 focus:ring-2 focus:ring-brand-600 focus:ring-inset sm:text-sm"
      />
    </div>
  );
}
