import { useState } from 'react';
import { ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { PostComposer } from '@web/features/posts/post-composer';
import { PostList } from '@web/features/posts/post-list';
import { useGroupPosts } from './api/get-group-posts';
import { GROUP_TEXTS } from './group-texts';
import { SearchField } from '@web/components/search-field';
import { useDebouncedValue } from '@web/components/use-debounced-value';
import clsx from 'clsx';
import { centredCardStyles } from '@web/components/card-styles';

/** The Discussion tab: search, the composer posting into this group, and its posts. */
export function GroupDiscussion({ groupId, allowAnonymous = false }: { groupId: string; allowAnonymous?: boolean }) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search).trim();
  const posts = useGroupPosts(groupId, settled);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <SearchField label="Search posts" placeholder="Search posts in this group" value={search} onChange={setSearch} />
      <PostComposer group={groupId} allowAnonymous={allowAnonymous} />
      <PostList
        feed={posts}
        label="Group posts"
        empty={
          <div className={clsx(centredCardStyles, 'py-12')}>
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <ChatBubbleLeftRightIcon className="size-6" aria-hidden="true" />
            </span>
            <p className="text-sm text-stone-700">
              {settled ? GROUP_TEXTS.noPostsMatch(settled) : GROUP_TEXTS.noPosts}
            </p>
            {!settled && (
              <p className="text-sm text-stone-500">Start the conversation: share how your practice went today.</p>
            )}
          </div>
        }
      />
    </div>
  );
}
