import type { PostAnswer } from '@common/posts/schemas';
import { ModalFrame } from '@web/components/modal-frame';
import { isNotFound, useViewPost } from './api/view-post';
import { PostThread } from './post-thread';

export const POST_NOT_FOUND = 'Post not found';

type PostDialogProps = { post: PostAnswer; open: boolean; onClose: () => void };

/** The full post and its comments over the feed; the card's copy shows until the server's arrives. */
export function PostDialog({ post, open, onClose }: PostDialogProps) {
  return (
    <ModalFrame open={open} onClose={onClose} title={`Post by ${post.user.name}`} size="lg">
      <DialogThread post={post} onRemoved={onClose} />
    </ModalFrame>
  );
}

function DialogThread({ post, onRemoved }: { post: PostAnswer; onRemoved: () => void }) {
  const view = useViewPost(post._id);
  if (view.isError && isNotFound(view.error)) {
    return <p className="py-8 text-center text-sm text-stone-600">{POST_NOT_FOUND}</p>;
  }
  return (
    <PostThread
      post={view.data?.post ?? post}
      comments={view.data?.comments}
      earlierComments={view.data?.earlierComments}
      commentsFailed={view.isError}
      onRemoved={onRemoved}
    />
  );
}
