import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import type { PostAnswer } from '@common/posts/schemas';
import { isNotFound, useViewPost } from './api/view-post';
import { PostThread } from './post-thread';

export const POST_NOT_FOUND = 'Post not found';

type PostDialogProps = { post: PostAnswer; open: boolean; onClose: () => void };

/** The full post and its comments over the feed; the card's copy shows until the server's arrives. */
export function PostDialog({ post, open, onClose }: PostDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-stone-900/40 transition-opacity duration-200 ease-out data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center sm:items-center sm:p-4">
          <DialogPanel
            transition
            className="w-full max-w-2xl rounded-t-2xl bg-white p-4 shadow-xl ring-1 ring-stone-200 transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 motion-reduce:transition-none sm:rounded-2xl sm:p-6"
          >
            <div className="mb-3 flex items-center justify-between gap-3">
              <DialogTitle className="truncate text-base font-semibold text-stone-900">Post by {post.user.name}</DialogTitle>
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="-mr-1 flex size-10 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
              >
                <XMarkIcon aria-hidden="true" className="size-6" />
              </button>
            </div>
            {open && <DialogThread post={post} onRemoved={onClose} />}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

function DialogThread({ post, onRemoved }: { post: PostAnswer; onRemoved: () => void }) {
  const view = useViewPost(post._id);
  if (view.isError && isNotFound(view.error)) {
    return <p className="py-8 text-center text-sm text-stone-600">{POST_NOT_FOUND}</p>;
  }
  return <PostThread post={view.data?.post ?? post} comments={view.data?.comments} commentsFailed={view.isError} onRemoved={onRemoved} />;
}
