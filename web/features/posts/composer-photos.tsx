import { useId } from 'react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { ALT_TEXT_HINT, ALT_TEXT_MAX } from '@common/uploads/text-alternatives';
import { TendImage } from '@web/components/tend-image';
import { UploadStatus } from '@web/components/uploads/upload-status';
import type { ComposerPhoto } from './use-photo-uploads';
import clsx from 'clsx';

/**
 * The chosen photos as previews, each with its own progress bar and Cancel until it is stored
 * (Retry after a failure or a cancel), a button to take it out and its alt text, with what good
 * alt text is. Phone width: two a row.
 */
export function ComposerPhotos({
  photos,
  onRemove,
  onCancel,
  onRetry,
  onDescribe,
  disabled,
}: {
  photos: ComposerPhoto[];
  onRemove: (key: string) => void;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onDescribe?: (key: string, alt: string) => void;
  disabled?: boolean;
}) {
  const hintId = useId();
  if (photos.length === 0) return null;
  return (
    <>
      <p id={hintId} className="mt-3 text-xs text-stone-600">
        Alt text: {ALT_TEXT_HINT}
      </p>
      <ul aria-label="Chosen photos" className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {photos.map((photo, i) => {
          const label = `Photo ${i + 1} of ${photos.length}`;
          return (
            <li key={photo.key} className="flex flex-col gap-1.5">
              <div className="relative overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200">
                {photo.preview ? (
                  <img
                    src={photo.preview}
                    alt={`${label}: ${photo.name}`}
                    className="aspect-square w-full object-cover"
                  />
                ) : (
                  <TendImage
                    path={photo.path}
                    size="xs"
                    alt={`${label}: ${photo.name}`}
                    className="aspect-square w-full object-cover"
                  />
                )}
                <UploadStatus
                  state={photo.state}
                  label={label.toLowerCase()}
                  processingText="Processing…"
                  onCancel={() => onCancel(photo.key)}
                  onRetry={() => onRetry(photo.key)}
                  showError
                  compact
                  className={clsx(
                    'absolute inset-x-0 bottom-0 px-2 py-1.5',
                    photo.state.status === 'failed' ? 'bg-red-50/95' : 'bg-white/95',
                  )}
                />
                <button
                  type="button"
                  onClick={() => onRemove(photo.key)}
                  disabled={disabled}
                  aria-label={`Remove ${label.toLowerCase()}`}
                  className={clsx(
                    'absolute top-1.5 right-1.5 flex size-8 items-center justify-center',
                    'rounded-full bg-white/90 text-stone-700 shadow ring-1 ring-stone-200',
                    'hover:bg-white hover:text-red-700 focus-visible:ring-2 focus-visible:ring-brand-700',
                    'disabled:opacity-50',
                  )}
                >
                  <XMarkIcon aria-hidden="true" className="size-4" />
                </button>
              </div>
              {onDescribe && (
                <label className="text-xs font-medium text-stone-800">
                  Alt text
                  <input
                    type="text"
                    value={photo.alt}
                    maxLength={ALT_TEXT_MAX}
                    disabled={disabled}
                    onChange={(event) => onDescribe(photo.key, event.target.value)}
                    // the visible 'Alt text' plus which photo, since there may be four of them
                    aria-label={`Alt text for ${label.toLowerCase()}`}
                    aria-describedby={hintId}
                    className={clsx(
                      'mt-1 block w-full px-2 py-1.5',
                      'rounded-lg border border-stone-400 bg-white text-sm font-normal text-stone-900',
                      'focus:border-brand-700 focus:outline-2 focus:outline-brand-700',
                    )}
                  />
                </label>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
