import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { toast } from 'sonner';
import { ArrowsPointingOutIcon, ArrowUpTrayIcon, FilmIcon } from '@heroicons/react/24/outline';
import type { FileType } from '@common/content/schemas';
import { MEDIA_MAX_BYTES } from '@common/uploads/schemas';
import { Button } from '../button';
import { buttonStyles } from '../button-styles';
import { MediaPlayer } from '../media-player';
import { sendMedia, type UploadedMedia } from '../uploads/send-media';
import { GENERATING_PREVIEW, UploadStatus } from '../uploads/upload-status';
import { isActive, useUploads } from '../uploads/use-uploads';
import { useFileDrop } from './file-drop';
import { ExpandedPreview } from './expanded-preview';
import { BindField, type FieldBinding, type FieldProps } from './field-binding';
import { FieldError, FieldHeading } from './field-frame';
import { FilePicker, ReplaceAndRemove, useUploadIds } from './upload-field';

/** Previews are 600 px high in the page and 1000 px expanded (across the window). */
export const PREVIEW_HEIGHT = 600;
export const PREVIEW_HEIGHT_EXPANDED = 1000;
export const MEDIA_TOO_BIG = `File size too big. Files must be under ${Math.round(MEDIA_MAX_BYTES / 1024 / 1024)}mb`;
/** The upload notification closes after 1000 ms. */
const UPLOAD_TOAST = { duration: 1000, position: 'top-center' } as const;
const DEFAULT_ACCEPT = 'audio/*,video/*,image/*,application/pdf,.pdf,.doc,.docx,.txt,.epub';

export type { UploadedMedia };

export type MediaFieldProps = FieldProps<string | null> & {
  /** Reports what the server detected (the content's fileType) after each upload. */
  onUploaded?: (media: UploadedMedia) => void;
  /** The file type of the current value, when known (e.g. an edited content's fileType). */
  fileType?: FileType | null;
  /** The file picker's filter; audio, video, images and documents by default. */
  accept?: string;
  /** Told when an upload starts and ends, so a form can wait for it (e.g. the post composer's Post). */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * A media file (audio, video, image or document) uploaded to app/upload, with Cancel while it
 * goes and Retry after a failure; its value is the file key.
 */
export function MediaField(props: MediaFieldProps) {
  const { name, value, onChange, label, required, description, error, disabled, className, ...media } = props;
  return (
    <BindField<string | null>
      field={{ name, value, onChange, label, error }}
      render={(field) => (
        <MediaUpload field={field} frame={{ required, description, disabled, className }} {...media} />
      )}
    />
  );
}

type MediaUploadProps = Pick<MediaFieldProps, 'onUploaded' | 'fileType' | 'accept' | 'onBusyChange'> & {
  field: FieldBinding<string | null>;
  frame: Pick<MediaFieldProps, 'required' | 'description' | 'disabled' | 'className'>;
};

function MediaUpload({ field, frame, onUploaded, fileType, accept = DEFAULT_ACCEPT, onBusyChange }: MediaUploadProps) {
  const ids = useUploadIds(Boolean(frame.description));
  const previewId = `${ids.baseId}-preview`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [expanded, setExpanded] = useState(false);
  // What the last upload detected; otherwise what the caller knows about the current value.
  const [uploaded, setUploaded] = useState<UploadedMedia>();
  const { uploads, replace, cancel, retry, clear } = useUploads(sendMedia, {
    onDone: (media) => {
      setUploaded(media);
      setExpanded(false);
      field.onChange(media.url);
      field.onBlur();
      onUploaded?.(media);
    },
  });
  const upload = uploads.at(-1);
  const fileKey = field.value || null;
  const currentType = uploaded?.url === fileKey ? uploaded.fileType : fileType;
  const busy = isActive(upload?.state);
  const { disabled } = frame;
  const label = typeof field.label === 'string' ? field.label : 'media';
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  function start(file: File) {
    clear();
    if (file.size > MEDIA_MAX_BYTES) {
      toast.error(MEDIA_TOO_BIG, UPLOAD_TOAST);
      return;
    }
    replace(file);
  }

  const pick = () => inputRef.current?.click();
  const { dragging, dropProps } = useFileDrop(start, disabled || busy);
  const error = field.error ?? (upload?.state.status === 'failed' ? upload.state.error : undefined);
  const previewTitle = typeof field.label === 'string' ? `${field.label} preview` : 'Preview';
  const justUploaded = uploaded !== undefined && uploaded.url === fileKey;

  return (
    <div className={frame.className}>
      <FieldHeading
        ids={ids}
        labelId={ids.labelId}
        label={field.label}
        required={frame.required}
        description={frame.description}
      />

      <FilePicker
        inputRef={inputRef}
        field={field}
        ids={ids}
        accept={accept}
        filled={Boolean(fileKey) || busy}
        disabled={disabled || busy}
        required={frame.required}
        error={error}
        onFile={start}
      />

      {busy ? (
        <div className="mt-1.5 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
          <UploadStatus state={upload?.state} label={label} onCancel={upload ? () => cancel(upload.key) : undefined} />
        </div>
      ) : fileKey ? (
        <div className="mt-1.5 rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
          {/* The media itself is held to the preview height; an embedded document takes it exactly. */}
          <div id={previewId}>
            <MediaPlayer
              fileKey={fileKey}
              fileType={currentType}
              title={previewTitle}
              loadingLabel={justUploaded ? GENERATING_PREVIEW : undefined}
              maxHeight={PREVIEW_HEIGHT}
              embedDocuments
            />
          </div>
          <ExpandedPreview open={expanded} onClose={() => setExpanded(false)} title={previewTitle}>
            <MediaPlayer
              fileKey={fileKey}
              fileType={currentType}
              title={`${previewTitle}, expanded`}
              maxHeight={PREVIEW_HEIGHT_EXPANDED}
              embedDocuments
            />
          </ExpandedPreview>
          <div className="mt-3 flex flex-wrap gap-2">
            <ReplaceAndRemove
              field={field}
              labelId={ids.labelId}
              disabled={disabled}
              onReplace={pick}
              onRemove={clear}
            />
            {currentType !== 'audio' && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setExpanded(true)}
                aria-haspopup="dialog"
                className="sm:ml-auto"
              >
                <ArrowsPointingOutIcon aria-hidden="true" className="size-4" />
                Expand
              </Button>
            )}
          </div>
        </div>
      ) : (
        <div
          {...dropProps}
          onClick={disabled ? undefined : pick}
          data-dragging={dragging || undefined}
          className={clsx(
            'mt-1.5 flex flex-col items-center gap-3 px-4 py-8',
            'rounded-xl border-2 border-dashed text-center',
            'transition',
            // The sr-only file input just before is the control: its focus shows on this box.
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
            dragging ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-stone-50',
            disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-stone-100',
          )}
        >
          <FilmIcon aria-hidden="true" className="size-10 text-stone-400" />
          <span aria-hidden="true" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
            <ArrowUpTrayIcon className="size-4" />
            Choose file
          </span>
          <span className="text-xs text-stone-500">
            {dragging ? 'Drop to upload' : 'or drag it here. Audio, video, images or documents.'}
          </span>
        </div>
      )}
      {!busy && upload && (
        <UploadStatus state={upload.state} label={label} onRetry={() => retry(upload.key)} className="mt-2" />
      )}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
