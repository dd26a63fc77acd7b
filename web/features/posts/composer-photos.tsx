import { useId } from 'react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { ALT_TEXT_HINT, ALT_TEXT_MAX } from '@common/uploads/text-alternatives';
import { TendImage } from '@web/components/tend-image';
import type { ComposerPhoto } from './use-photo-uploads';
import clsx from 'clsx';

/**
 * The chosen photos as previews, each with its own progress bar until it is stored, a button to
 * take it out and its alt text (with what good alt text is). Phone width: two a row.
 */
export function ComposerPhotos({
  photos,
  onRemove,
  onDescribe,
  disabled,
}: {
  photos: ComposerPhoto[];
  onRemove: (key: string) => void;
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
          const sending = photo.path === null && photo.error === null;
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
                {sending && (
                  <div className="absolute inset-x-0 bottom-0 bg-white/90 px-2 py-1.5">
                    <p className="text-xs font-medium text-stone-700">Uploading… {photo.percent}%</p>
                    <div
                      role="progressbar"
                      aria-label={`Upload progress of ${label.toLowerCase()}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={photo.percent}
                      className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-stone-200"
                    >
                      <div
                        className={clsx(
                          'h-full rounded-full bg-brand-600',
                          'transition-[width] duration-200 motion-reduce:transition-none',
                        )}
                        style={{ width: `${photo.percent}%` }}
                      />
                    </div>
                  </div>
                )}
                {photo.error && (
                  <p
                    role="alert"
                    className="absolute inset-x-0 bottom-0 bg-red-50/95 px-2 py-1.5 text-xs font-medium text-red-800"
                  >
                    Not uploaded: {photo.error}
                  </p>
                )}
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
