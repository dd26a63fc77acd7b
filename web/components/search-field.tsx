import { useId, type Ref } from 'react';
import clsx from 'clsx';
import { MagnifyingGlassIcon, XMarkIcon } from '@heroicons/react/20/solid';

type SearchFieldProps = {
  /** For screen readers: what is searched ('Search groups'). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** With these, a clear button shows while there is text. */
  onClear?: () => void;
  clearLabel?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

/** A labelled search input (Explore, groups, a group's discussion, the data table). */
export function SearchField(props: SearchFieldProps) {
  const { label, placeholder, clearLabel = 'Clear search', value, onChange, onClear, inputRef, className } = props;
  const clearable = Boolean(onClear && value);
  const id = useId();
  return (
    <div role="search" className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <MagnifyingGlassIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400"
      />
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={value}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={clsx(
          'block w-full rounded-xl border border-stone-500 bg-white py-[9px] pl-10 text-base text-stone-900',
          // room for the clear button only while it shows, so the placeholder fits on a phone
          clearable ? 'pr-11' : 'pr-3',
          // a real border (3:1, and kept by forced colours), not a box-shadow ring
          'shadow-sm',
          'placeholder:text-stone-500 focus:border-brand-700 focus:ring-1 focus:ring-brand-700 focus:ring-inset',
          'sm:text-sm',
          // Our own clear button replaces the browser's, which differs between browsers.
          '[&::-webkit-search-cancel-button]:appearance-none',
        )}
      />
      {clearable && (
        <button
          type="button"
          aria-label={clearLabel}
          onClick={onClear}
          className={clsx(
            'absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center',
            'rounded-lg text-stone-500',
            'hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-700',
          )}
        >
          <XMarkIcon aria-hidden="true" className="size-5" />
        </button>
      )}
    </div>
  );
}
