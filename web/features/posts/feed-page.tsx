import { SparklesIcon } from '@heroicons/react/24/outline';
import { useFeed } from './api/get-feed';
import { PostComposer } from './post-composer';
import { PostList } from './post-list';

/** /feed (spec 02 §2): the composer, then every inspiration post, newest first. */
export function FeedPage() {
  const feed = useFeed();
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl">
      <title>Inspiration Feed · Tend</title>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        Inspiration Feed
      </h1>
      <div className="mt-6 space-y-6">
        <PostComposer />
        <PostList feed={feed} label="Posts" empty={<EmptyFeed />} />
      </div>
    </section>
  );
}

function EmptyFeed() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-12 text-center shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SparklesIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="text-sm text-stone-700">No posts yet. Share the first inspiration with the community.</p>
    </div>
  );
}
