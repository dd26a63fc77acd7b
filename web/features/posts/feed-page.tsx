import { useState } from 'react';
import { SparklesIcon } from '@heroicons/react/24/outline';
import { SearchField } from '@web/components/search-field';
import { useDebouncedValue } from '@web/components/use-debounced-value';
import { useFeed } from './api/get-feed';
import { useSearchPosts } from './api/search-posts';
import { PostComposer } from './post-composer';
import { PostList } from './post-list';
import { PageTitle } from '@web/components/page-title';
import clsx from 'clsx';
import { centredCardStyles } from '@web/components/card-styles';

/** /feed: the composer, then every inspiration post, newest first; or what a search finds. */
export function FeedPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const feed = useFeed();
  const found = useSearchPosts(q);
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl">
      <PageTitle>Inspiration Feed</PageTitle>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        Inspiration Feed
      </h1>
      <div className="mt-6 space-y-6">
        <PostComposer />
        <SearchField
          label="Search posts"
          placeholder="Search posts"
          value={search}
          onChange={setSearch}
          onClear={() => setSearch('')}
        />
        {q ? (
          <PostList feed={found} label={`Posts matching ${q}`} empty={<NoMatches q={q} />} />
        ) : (
          <PostList feed={feed} label="Posts" empty={<EmptyFeed />} />
        )}
      </div>
    </section>
  );
}

function NoMatches({ q }: { q: string }) {
  return (
    <p
      role="status"
      className="rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center text-sm text-stone-700 shadow-sm"
    >
      No posts match '{q}'.
    </p>
  );
}

function EmptyFeed() {
  return (
    <div className={clsx(centredCardStyles, 'py-12')}>
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SparklesIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="text-sm text-stone-700">No posts yet. Share the first inspiration with the community.</p>
    </div>
  );
}
