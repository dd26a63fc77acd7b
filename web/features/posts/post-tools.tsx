import { toast } from 'sonner';
import { LinkIcon, PencilSquareIcon } from '@heroicons/react/24/outline';
import { POST_TEXT_MAX, type PostAnswer } from '@common/posts/schemas';
import { useEditPost } from './api/edit-post';
import { EditTextForm } from './edit-text-form';
import { PostText } from './post-text';
import clsx from 'clsx';
import { postToolBaseStyles } from './post-tool-styles';

const toolStyle = clsx(postToolBaseStyles, 'hover:bg-stone-100 hover:text-stone-900');

export const LINK_COPIED = 'Link copied';

/** The post's own page, as an address to share. */
export const postAddress = (id: string) => `${window.location.origin}/post/${id}`;

/** 'Copy link' to /post/{id}; says so if the browser will not copy. */
export function CopyLinkButton({ postId }: { postId: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(postAddress(postId));
      toast.success(LINK_COPIED);
    } catch {
      toast.error(`Copy this link: ${postAddress(postId)}`);
    }
  }
  return (
    <button type="button" onClick={() => void copy()} className={toolStyle}>
      <LinkIcon aria-hidden="true" className="size-4" />
      Copy link
    </button>
  );
}

/** 'Edit post', for the author only (the server refuses anyone else). */
export function EditPostButton({ onEdit }: { onEdit: () => void }) {
  return (
    <button type="button" onClick={onEdit} className={toolStyle}>
      <PencilSquareIcon aria-hidden="true" className="size-4" />
      Edit post
    </button>
  );
}

/** The post's text, or while the author edits it, the text box with Save and Cancel. */
export function PostBody({
  post,
  editing,
  onDone,
  clamped,
  className,
}: {
  post: PostAnswer;
  editing: boolean;
  onDone: () => void;
  clamped?: boolean;
  className?: string;
}) {
  const edit = useEditPost(post._id);
  if (!editing) return <PostText text={post.text} clamped={clamped} className={className} />;
  return (
    <EditTextForm
      label="Edit your post"
      initial={post.text}
      max={POST_TEXT_MAX}
      allowEmpty={Boolean(post.media) || post.photos.length > 0}
      onSave={async (text) => {
        await edit.mutateAsync(text);
        toast.success('Post updated');
        onDone();
      }}
      onCancel={onDone}
    />
  );
}
