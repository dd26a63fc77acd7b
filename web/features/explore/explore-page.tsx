import { useRef, type ReactNode } from 'react';
import { MagnifyingGlassIcon, SparklesIcon } from '@heroicons/react/24/outline';
import { Button } from '@web/components/button';
import { SearchField } from '@web/components/search-field';
import { useFacilitators } from './api/get-facilitators';
import { EXPLORE_TEXTS } from './explore-texts';
import { FacilitatorGrid } from './facilitator-grid';
import { useExploreSearch } from './use-explore-search';
import { PageTitle } from '@web/components/page-title';
import clsx from 'clsx';
import { centredCardStyles } from '@web/components/card-styles';

/** /explore: every facilitator, searchable by category, bio or programs. */
export function ExplorePage() {
  const { text, setText, search, clear } = useExploreSearch();
  const facilitators = useFacilitators(search);
  const input = useRef<HTMLInputElement>(null);

  function clearSearch() {
    clear();
    input.current?.focus();
  }

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl">
      <PageTitle>Explore</PageTitle>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {EXPLORE_TEXTS.title}
      </h1>
      <p className="mt-1 text-sm text-stone-600 sm:text-base">{EXPLORE_TEXTS.intro}</p>

      <SearchField
        inputRef={input}
        label={EXPLORE_TEXTS.searchLabel}
        placeholder={EXPLORE_TEXTS.searchPlaceholder}
        clearLabel={EXPLORE_TEXTS.clearSearch}
        value={text}
        onChange={setText}
        onClear={clearSearch}
        className="mt-6 max-w-md"
      />

      <div className="mt-5">
        <FacilitatorGrid
          facilitators={facilitators}
          empty={
            search ? (
              <EmptyPanel
                icon={<MagnifyingGlassIcon aria-hidden="true" className="size-6" />}
                title={EXPLORE_TEXTS.noMatch(search)}
                action={
                  <Button variant="secondary" size="sm" onClick={clearSearch}>
                    {EXPLORE_TEXTS.clearSearch}
                  </Button>
                }
              >
                {EXPLORE_TEXTS.noMatchHint}
              </EmptyPanel>
            ) : (
              <EmptyPanel icon={<SparklesIcon aria-hidden="true" className="size-6" />} title={EXPLORE_TEXTS.empty}>
                {EXPLORE_TEXTS.emptyHint}
              </EmptyPanel>
            )
          }
        />
      </div>
    </section>
  );
}

/** A calm empty state: an icon, a heading, a sentence and an optional way forward. */
function EmptyPanel({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={clsx(centredCardStyles, 'py-12')}>
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <p className="text-base font-medium break-words text-stone-800">{title}</p>
      <p className="max-w-md text-sm text-stone-600">{children}</p>
      {action}
    </div>
  );
}
