import { useId, useState, type ChangeEvent } from 'react';
import { useController, useWatch } from 'react-hook-form';
import type { FileType } from '@common/content/schemas';
import {
  ALT_TEXT_HINT,
  ALT_TEXT_MAX,
  CAPTIONS_ACCEPT,
  CAPTIONS_MAX_BYTES,
  CAPTIONS_MIME,
  TRANSCRIPT_MAX,
} from '@common/uploads/text-alternatives';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import { FieldError, FieldHeading } from '@web/components/form/field-frame';
import { InputField } from '@web/components/form/input-field';
import { TextareaField } from '@web/components/form/textarea-field';
import { sendMedia, type UploadedMedia } from '@web/components/uploads/send-media';
import { UploadStatus } from '@web/components/uploads/upload-status';
import { isActive, useUploads, type SendFile } from '@web/components/uploads/use-uploads';
import clsx from 'clsx';

export const CAPTIONS_HINT = 'A WebVTT (.vtt) file of what is said and heard, shown over the player.';
export const TRANSCRIPT_HINT = 'Everything said in the recording as plain text. Members open it under the player.';
export const CAPTIONS_NOT_VTT = 'Choose a WebVTT file: a text file that starts with WEBVTT.';
export const CAPTIONS_TOO_BIG = 'A captions file can be up to 1 MB.';

/**
 * The text alternatives of a content item's media (WCAG 1.1.1, 1.2.1, 1.2.2): captions and a
 * transcript for audio and video, alt text for an image.
 */
export function MediaTextFields() {
  const fileType = useWatch({ name: 'fileType' }) as FileType | null;
  if (fileType === 'image') {
    return <InputField name="altText" label="Alt text" description={ALT_TEXT_HINT} maxLength={ALT_TEXT_MAX} />;
  }
  if (fileType !== 'audio' && fileType !== 'video') return null;
  return (
    <>
      <CaptionsField />
      <TextareaField
        name="transcript"
        label="Transcript"
        description={TRANSCRIPT_HINT}
        rows={6}
        maxLength={TRANSCRIPT_MAX}
      />
    </>
  );
}

/** Sends a captions file like the media; the server must find it to be WebVTT. */
const sendCaptions: SendFile<UploadedMedia> = async (file, transfer) => {
  let uploaded: UploadedMedia | undefined;
  try {
    uploaded = await sendMedia(file, transfer);
  } catch (failure) {
    throw /not supported/i.test(formErrorText(failure)) ? new Error(CAPTIONS_NOT_VTT) : failure;
  }
  if (uploaded && uploaded.contentType !== CAPTIONS_MIME) throw new Error(CAPTIONS_NOT_VTT);
  return uploaded;
};

/** A captions file uploaded to app/upload like the media, with Cancel and Retry; the value is its key. */
function CaptionsField() {
  const { field } = useController({ name: 'captions' });
  const id = useId();
  const ids = { inputId: `${id}-input`, descriptionId: `${id}-hint`, errorId: `${id}-error` };
  const [refusal, setRefusal] = useState<string>();
  const { uploads, replace, cancel, retry, clear } = useUploads(sendCaptions, {
    onDone: (uploaded) => field.onChange(uploaded.url),
  });
  const upload = uploads.at(-1);
  const busy = isActive(upload?.state);
  const key = (field.value as string | null) || null;
  const error = refusal ?? (upload?.state.status === 'failed' ? upload.state.error : undefined);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRefusal(undefined);
    clear();
    if (file.size > CAPTIONS_MAX_BYTES) return setRefusal(CAPTIONS_TOO_BIG);
    if (!/\.vtt$/i.test(file.name) && file.type !== CAPTIONS_MIME) return setRefusal(CAPTIONS_NOT_VTT);
    replace(file);
  }

  const added = upload?.state.status === 'done' ? `: ${upload.file.name}` : '';
  return (
    <div>
      <FieldHeading ids={ids} label="Captions" description={CAPTIONS_HINT} />
      <div className="mt-1.5 flex flex-wrap items-center gap-3">
        <input
          id={ids.inputId}
          type="file"
          accept={CAPTIONS_ACCEPT}
          onChange={pick}
          disabled={busy}
          aria-describedby={[ids.descriptionId, error ? ids.errorId : undefined].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          className={clsx(
            'block w-full max-w-sm text-sm text-stone-700',
            'file:mr-3 file:min-h-10 file:rounded-lg file:border file:border-stone-400 file:bg-white file:px-3',
            'file:text-sm file:font-semibold file:text-stone-800 hover:file:bg-stone-50',
          )}
        />
        {key && !busy && (
          <Button variant="secondary" size="sm" onClick={() => field.onChange(null)} className="text-red-700">
            Remove captions
          </Button>
        )}
      </div>
      {upload && (
        <UploadStatus
          state={upload.state}
          label="captions"
          processingText="Checking the captions…"
          onCancel={() => cancel(upload.key)}
          onRetry={() => retry(upload.key)}
          className="mt-1.5 max-w-sm"
        />
      )}
      {key && !busy && (
        <p role="status" className="mt-1.5 text-sm text-stone-700">
          Captions added{added}
        </p>
      )}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
