import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PaperClipIcon, PhotoIcon } from '@heroicons/react/24/outline';
import { POST_PHOTOS_MAX, POST_TEXT_MAX } from '@common/posts/schemas';
import { Button } from '@web/components/button';
import { MediaField } from '@web/components/form/media-field';
import { formErrorText } from '@web/components/form/error-text';
import { useCreatePost } from './api/create-post';
import { ComposerPhotos } from './composer-photos';
import { focusWhenShown, postElementId } from './focus-on-arrival';
import { usePhotoUploads } from './use-photo-uploads';
import clsx from 'clsx';

export const COMPOSER_LABEL = 'Share something with the community';

export const WAITING_FOR_UPLOAD = 'Post waits until the upload finishes.';
export const PHOTO_FAILED = 'Retry or remove the photo that did not upload.';

/**
 * Text, one media upload and up to 4 photos; with `group` it posts into that group's discussion,
 * anonymously if the member ticks it where the group allows that. Post stays disabled while
 * everything is empty, while any upload runs and while a photo failed or was cancelled: a chosen
 * file is never silently dropped.
 */
export function PostComposer({ group, allowAnonymous = false }: { group?: string; allowAnonymous?: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [media, setMedia] = useState<string | null>(null);
  const [addingMedia, setAddingMedia] = useState(false);
  const [mediaBusy, setMediaBusy] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const photos = usePhotoUploads();
  const post = useCreatePost();
  const empty = text.trim().length === 0 && !media && photos.photos.length === 0;
  const waiting = mediaBusy || photos.uploading;
  const blocked = empty || waiting || photos.failed;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blocked || post.isPending) return;
    post.mutate(
      {
        text: text.trim(),
        media,
        ...photos.request,
        group: group ?? null,
        ...(allowAnonymous && anonymous ? { anonymous: true } : {}),
      },
      {
        onSuccess: (created) => {
          // the new post takes focus once it shows, not <body> after the disabled Post
          focusWhenShown(postElementId(created._id));
          setText('');
          setMedia(null);
          setAddingMedia(false);
          setMediaBusy(false);
          setAnonymous(false);
          photos.clear();
          toast.success('Your post is live');
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      aria-label="New post"
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
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
        className={clsx(
          'mt-2 block w-full resize-y px-3 py-[7px]',
          'rounded-xl border border-stone-500 bg-white text-sm text-stone-900',
          'placeholder:text-stone-500 focus:border-brand-700 focus:ring-1 focus:ring-brand-700 focus:ring-inset',
        )}
      />
      {(addingMedia || media) && (
        <MediaField
          label="Media"
          value={media}
          onChange={setMedia}
          onBusyChange={setMediaBusy}
          disabled={post.isPending}
          className="mt-3"
        />
      )}
      <ComposerPhotos
        photos={photos.photos}
        onRemove={photos.remove}
        onCancel={photos.cancel}
        onRetry={photos.retry}
        onDescribe={photos.describe}
        disabled={post.isPending}
      />
      {photos.notice && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {photos.notice}
        </p>
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
            <span className="block text-xs text-stone-500">
              Other members see 'Anonymous member' instead of your name.
            </span>
          </span>
        </label>
      )}
      {post.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {formErrorText(post.error)}
        </p>
      )}
      <input
        ref={photoInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="composer-photo-input"
        onChange={(event) => {
          photos.add(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => photoInput.current?.click()}
            disabled={photos.full || post.isPending}
          >
            <PhotoIcon aria-hidden="true" className="size-4" />
            Add photos
            <span className="sr-only"> (up to {POST_PHOTOS_MAX})</span>
          </Button>
          {!addingMedia && !media && (
            <Button variant="secondary" size="sm" onClick={() => setAddingMedia(true)}>
              <PaperClipIcon aria-hidden="true" className="size-4" />
              Add media
            </Button>
          )}
        </div>
        <div className="ml-auto flex items-center gap-3">
          {(waiting || photos.failed) && (
            <p id={`${id}-wait`} role="status" className="text-xs text-stone-600">
              {photos.failed && !waiting ? PHOTO_FAILED : WAITING_FOR_UPLOAD}
            </p>
          )}
          <Button
            type="submit"
            disabled={blocked}
            pending={post.isPending}
            aria-describedby={waiting || photos.failed ? `${id}-wait` : undefined}
          >
            Post
          </Button>
        </div>
      </div>
    </form>
  );
}
