import { XMarkIcon } from '@heroicons/react/24/outline';
import { TendImage } from '@web/components/tend-image';
import type { ComposerPhoto } from './use-photo-uploads';

/**
 * The chosen photos as previews, each with its own progress bar until it is stored, and a
 * button to take it out. Phone width: two previews a row.
 */
export function ComposerPhotos({
  photos,
  onRemove,
  disabled,
}: {
  photos: ComposerPhoto[];
  onRemove: (key: string) => void;
  disabled?: boolean;
}) {
  if (photos.length === 0) return null;
  return (
    <ul aria-label="Chosen photos" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
      {photos.map((photo, i) => {
        const label = `Photo ${i + 1} of ${photos.length}`;
        const sending = photo.path === null && photo.error === null;
        return (
          <li key={photo.key} className="relative overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200">
            {photo.preview ? (
              <img src={photo.preview} alt={`${label}: ${photo.name}`} className="aspect-square w-full object-cover" />
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
                    className="h-full rounded-full bg-brand-600 transition-[width] duration-200 motion-reduce:transition-none"
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
              className="absolute top-1.5 right-1.5 flex size-8 items-center justify-center rounded-full bg-white/90 text-stone-700 shadow ring-1 ring-stone-200 hover:bg-white hover:text-red-700 focus-visible:ring-2 focus-visible:ring-brand-700 disabled:opacity-50"
            >
              <XMarkIcon aria-hidden="true" className="size-4" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
