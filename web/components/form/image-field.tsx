import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { toast } from 'sonner';
import { useFormContext } from 'react-hook-form';
import { ArrowUpTrayIcon, PhotoIcon, UserCircleIcon } from '@heroicons/react/24/outline';
import { IMAGE_MAX_BYTES, IMAGE_TOO_BIG } from '@common/uploads/schemas';
import { buttonStyles } from '../button-styles';
import { TendImage } from '../tend-image';
import type { UploadedImage } from '../images/upload-image';
import { useSendImage } from '../images/use-send-image';
import { UploadStatus } from '../uploads/upload-status';
import { isActive, useUploads } from '../uploads/use-uploads';
import { BindField, type FieldBinding, type FieldProps } from './field-binding';
import { FieldError, FieldHeading } from './field-frame';
import { FilePicker, ReplaceAndRemove, useUploadIds } from './upload-field';
import { useFileDrop } from './file-drop';

// The developer error when the field can neither update a form nor call onChange.
export const IMAGE_FIELD_MISSING_UPDATE = 'ImageField is missing an update function';
/** The oversize toast closes after 1000 ms, at top-center. */
export const IMAGE_TOO_BIG_TOAST = { duration: 1000, position: 'top-center' } as const;
export const NOT_AN_IMAGE = 'Choose an image file (PNG, JPG, GIF or WebP)';

export type ImageFieldProps = FieldProps<string | null> & {
  /** Profile pictures: a 96 px circle instead of the 176 px box. */
  round?: boolean;
  /** Runs after an upload, with the host's answer (the field's value is its filePath). */
  onUploaded?: (image: UploadedImage) => void;
};

/**
 * An uploaded image, stored as its path without a leading slash. Pick a file or drop one on the
 * box; it is uploaded at once (with Cancel, and Retry after a failure), then previewed with
 * Replace and Remove.
 */
export function ImageField(props: ImageFieldProps) {
  const { name, value, onChange, label, required, description, error, disabled, className, round, onUploaded } = props;
  const form = useFormContext();
  const inForm = Boolean(form && name && value === undefined);
  if (!inForm && typeof onChange !== 'function') throw new Error(IMAGE_FIELD_MISSING_UPDATE);
  return (
    <BindField<string | null>
      field={{ name, value: inForm ? undefined : (value ?? null), onChange, label, error }}
      render={(field) => (
        <ImageUpload
          field={field}
          required={required}
          description={description}
          disabled={disabled}
          className={className}
          round={round}
          onUploaded={onUploaded}
        />
      )}
    />
  );
}

type ImageUploadProps = Pick<
  ImageFieldProps,
  'required' | 'description' | 'disabled' | 'className' | 'round' | 'onUploaded'
> & {
  field: FieldBinding<string | null>;
};

function ImageUpload({ field, required, description, disabled, className, round, onUploaded }: ImageUploadProps) {
  const ids = useUploadIds(Boolean(description));
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string>();
  // After an upload, the new path's preview is still to load: the field stays busy until it shows.
  const [previewPending, setPreviewPending] = useState(false);
  const path = field.value || null;
  const { uploads, replace, cancel, retry, clear } = useUploads(useSendImage(), {
    onDone: (image) => {
      setPreviewPending(image.filePath !== path);
      field.onChange(image.filePath);
      field.onBlur();
      onUploaded?.(image);
    },
  });
  const upload = uploads.at(-1);
  const running = isActive(upload?.state);
  const busy = running || previewPending;
  const label = typeof field.label === 'string' ? field.label : 'image';

  // A value cleared from outside (e.g. a form reset) has no preview to wait for.
  useEffect(() => {
    if (!path) setPreviewPending(false);
  }, [path]);

  function start(file: File) {
    setRefusal(undefined);
    clear();
    // Size and kind are checked before any call is made.
    if (file.size >= IMAGE_MAX_BYTES) {
      toast.error(IMAGE_TOO_BIG, IMAGE_TOO_BIG_TOAST);
      return;
    }
    if (file.type && !file.type.startsWith('image/')) {
      setRefusal(NOT_AN_IMAGE);
      return;
    }
    setPreviewPending(false);
    replace(file);
  }

  const pick = () => inputRef.current?.click();
  const { dragging, dropProps } = useFileDrop(start, disabled || busy);
  const previewDone = () => setPreviewPending(false);
  const error = field.error ?? refusal ?? (upload?.state.status === 'failed' ? upload.state.error : undefined);
  const EmptyIcon = round ? UserCircleIcon : PhotoIcon;

  return (
    <div className={className}>
      <FieldHeading ids={ids} labelId={ids.labelId} label={field.label} required={required} description={description} />

      <div className="mt-1.5 flex flex-wrap items-start gap-4">
        <div
          {...dropProps}
          onClick={busy || disabled ? undefined : pick}
          data-dragging={dragging || undefined}
          className={clsx(
            'relative flex shrink-0 items-center justify-center overflow-hidden',
            'border border-stone-200 bg-stone-50',
            'transition',
            round ? 'size-24 rounded-full' : 'size-44 rounded-xl',
            !path && 'border-2 border-dashed border-stone-300 ring-0',
            !(busy || disabled) && 'cursor-pointer hover:bg-stone-100',
            dragging && 'border-brand-600 bg-brand-50 ring-2 ring-brand-600',
          )}
        >
          {path ? (
            <TendImage
              path={path}
              size="sm"
              alt={`${typeof field.label === 'string' ? field.label : 'Image'} preview`}
              onLoad={previewDone}
              onError={previewDone}
              className={clsx('size-full', round ? 'rounded-full' : 'rounded-xl', busy && 'opacity-40')}
            />
          ) : (
            <span className="flex flex-col items-center gap-1 px-3 text-center text-stone-400">
              <EmptyIcon aria-hidden="true" className={round ? 'size-10' : 'size-12'} />
              {!round && (
                <span className="text-xs font-medium text-stone-500">
                  {dragging ? 'Drop to upload' : 'Drag an image here'}
                </span>
              )}
            </span>
          )}
        </div>

        <div className="flex min-w-32 flex-1 flex-col gap-3">
          <FilePicker
            inputRef={inputRef}
            field={field}
            ids={ids}
            accept="image/*"
            filled={Boolean(path) || busy}
            disabled={disabled || busy}
            required={required}
            error={error}
            onFile={start}
          />
          {busy ? (
            <UploadStatus
              state={previewPending ? { status: 'processing' } : upload?.state}
              label={label}
              onCancel={running && upload ? () => cancel(upload.key) : undefined}
              className="w-full max-w-60"
            />
          ) : path ? (
            <div className="flex flex-wrap gap-2">
              <ReplaceAndRemove
                field={field}
                labelId={ids.labelId}
                disabled={disabled}
                onReplace={pick}
                onRemove={() => {
                  setRefusal(undefined);
                  clear();
                }}
              />
            </div>
          ) : (
            // The sr-only file input above is the control; this shows its focus and takes clicks.
            <span
              aria-hidden="true"
              onClick={disabled ? undefined : pick}
              className={clsx(
                buttonStyles({ variant: 'secondary', size: 'sm' }),
                'cursor-pointer self-start whitespace-nowrap',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2',
                'peer-focus-visible:outline-brand-700',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <ArrowUpTrayIcon className="size-4 max-sm:hidden" />
              Choose image
            </span>
          )}
          {!busy && upload && <UploadStatus state={upload.state} label={label} onRetry={() => retry(upload.key)} />}
          {!busy && <p className="text-xs text-stone-500">PNG, JPG, GIF or WebP, under 10 MB.</p>}
        </div>
      </div>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
