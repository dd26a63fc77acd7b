import { HiddenPendingReview, ReportButton } from '@web/components/report-dialog';
import { useState, type MouseEvent } from 'react';
import type { PostAnswer } from '@common/posts/schemas';
import { BLOCK_TEXTS } from '@common/blocks/schemas';
import { CollapsedRow } from './collapsed-row';
import { postElementId, useFocusOnArrival } from './focus-on-arrival';
import { PostActions } from './post-actions';
import { PostAuthor } from './post-author';
import { PostDialog } from './post-dialog';
import { PostMedia } from './post-media';
import { CopyLinkButton, EditPostButton, PostBody } from './post-tools';
import { RemovePostButton } from './remove-post-button';
import clsx from 'clsx';
import { cardStyles } from '@web/components/card-styles';

const INTERACTIVE = 'a, button, input, textarea, select, label, form, audio, video, iframe, [role="dialog"]';

/** A post in a list; one by someone I block is a collapsed row until I choose Show. */
export function PostCard({ post, userId }: { post: PostAnswer; userId: string | undefined }) {
  const [shown, setShown] = useState(false);
  if (post.authorBlocked && !shown)
    return (
      <article aria-label={BLOCK_TEXTS.collapsedPost} id={postElementId(post._id)}>
        <CollapsedRow card text={BLOCK_TEXTS.collapsedPost} onShow={() => setShown(true)} />
      </article>
    );
  return <OpenPostCard post={post} userId={userId} />;
}

/** A post in a list: clicking it, or its comment count, opens the post dialog. */
function OpenPostCard({ post, userId }: { post: PostAnswer; userId: string | undefined }) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const isAuthor = userId !== undefined && userId === post.user._id;
  const elementId = postElementId(post._id);
  const card = useFocusOnArrival<HTMLElement>(elementId);

  function openFromCard(event: MouseEvent<HTMLElement>) {
    const target = event.target as Element;
    // Dialogs are portalled: their clicks bubble here through React but are not inside the card.
    if (!event.currentTarget.contains(target) || target.closest(INTERACTIVE)) return;
    // Selecting text to copy it is not a request to open the post.
    if (window.getSelection()?.toString()) return;
    setOpen(true);
  }

  return (
    <>
      <article
        ref={card}
        id={elementId}
        // focus target once the author's new post appears, not a tab stop
        tabIndex={-1}
        aria-label={`Post by ${post.user.name}`}
        onClick={openFromCard}
        className={clsx(cardStyles, 'cursor-pointer p-4 transition-shadow hover:shadow-md sm:p-5')}
      >
        <PostAuthor author={post.user} postedDate={post.postedDate} anonymous={post.anonymous} edited={post.edited} />
        <PostBody post={post} editing={editing} onDone={() => setEditing(false)} clamped className="mt-3" />
        {post.hidden && isAuthor && <HiddenPendingReview />}
        <PostMedia post={post} />
        <PostActions post={post} userId={userId} onOpen={() => setOpen(true)}>
          <CopyLinkButton postId={post._id} />
          {isAuthor && !editing && <EditPostButton onEdit={() => setEditing(true)} />}
          {!isAuthor && userId !== undefined && <ReportButton targetType="post" targetId={post._id} />}
          {isAuthor && <RemovePostButton postId={post._id} />}
        </PostActions>
      </article>
      <PostDialog post={post} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
