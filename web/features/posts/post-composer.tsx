import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PaperClipIcon } from '@heroicons/react/24/outline';
import { POST_TEXT_MAX } from '@common/posts/schemas';
import { Button } from '@web/components/button';
import { MediaField } from '@web/components/form/media-field';
import { formErrorText } from '@web/components/form/error-text';
import { useCreatePost } from './api/create-post';

export const COMPOSER_LABEL = 'Share something with the community';

/**
 * Text plus one media upload (spec 02 §2); with `group` it posts into that group's discussion,
 * anonymously if the member ticks it where the group allows that. Post stays disabled while both
 * text and media are empty.
 */
export function PostComposer({ group, allowAnonymous = false }: { group?: string; allowAnonymous?: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [media, setMedia] = useState<string | null>(null);
  const [addingMedia, setAddingMedia] = useState(false);
  const post = useCreatePost();
  const empty = text.trim().length === 0 && !media;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || post.isPending) return;
    post.mutate(
      { text: text.trim(), media, group: group ?? null, ...(allowAnonymous && anonymous ? { anonymous: true } : {}) },
      {
        onSuccess: () => {
          setText('');
          setMedia(null);
          setAddingMedia(false);
          setAnonymous(false);
          toast.success('Your post is live');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="New post" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <label htmlFor={id} className="block text-sm font-semibold text-stone-900">
        {COMPOSER_LABEL}
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        maxLength={POST_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
        placeholder="A practice, a thought, a link that helped you…"
        className="mt-2 block w-full resize-y rounded-xl border-0 bg-stone-50 px-3 py-2 text-sm text-stone-900 ring-1 ring-stone-200 ring-inset placeholder:text-stone-400 focus:bg-white focus:ring-2 focus:ring-brand-700"
      />
      {(addingMedia || media) && (
        <MediaField label="Media" value={media} onChange={setMedia} disabled={post.isPending} className="mt-3" />
      )}
      {allowAnonymous && group && (
        <label className="mt-3 flex items-start gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            checked={anonymous}
            onChange={(event) => setAnonymous(event.target.checked)}
            className="mt-0.5 size-4 rounded border-stone-300 text-brand-700 focus:ring-brand-600"
          />
          <span>
            Post anonymously
            <span className="block text-xs text-stone-500">Other members see 'Anonymous member' instead of your name.</span>
          </span>
        </label>
      )}
      {post.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {formErrorText(post.error)}
        </p>
      )}
      <div className="mt-3 flex items-center justify-between gap-3">
        {!addingMedia && !media ? (
          <Button variant="secondary" size="sm" onClick={() => setAddingMedia(true)}>
            <PaperClipIcon aria-hidden="true" className="size-4" />
            Add media
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={empty} pending={post.isPending}>
          Post
        </Button>
      </div>
    </form>
  );
}
