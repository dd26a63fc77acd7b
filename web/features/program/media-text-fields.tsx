import { useId, useState, type ChangeEvent } from 'react';
import { useController, useWatch } from 'react-hook-form';
import type { FileType } from '@common/content/schemas';
import { UploadAnswer } from '@common/uploads/schemas';
import {
  ALT_TEXT_HINT,
  ALT_TEXT_MAX,
  CAPTIONS_ACCEPT,
  CAPTIONS_MAX_BYTES,
  CAPTIONS_MIME,
  TRANSCRIPT_MAX,
} from '@common/uploads/text-alternatives';
import { api } from '@web/api/client';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import { FieldError, FieldHeading } from '@web/components/form/field-frame';
import { InputField } from '@web/components/form/input-field';
import { TextareaField } from '@web/components/form/textarea-field';
import clsx from 'clsx';

export const CAPTIONS_HINT = 'A WebVTT (.vtt) file of what is said and heard, shown over the player.';
export const TRANSCRIPT_HINT = 'Everything said in the recording as plain text. Members open it under the player.';
export const CAPTIONS_NOT_VTT = 'Choose a WebVTT file: a text file that starts with WEBVTT.';
export const CAPTIONS_TOO_BIG = 'A captions file can be up to 1 MB.';

/**
 * The text alternatives of a content item's media (WCAG 1.1.1, 1.2.1, 1.2.2):
 * captions and a transcript for audio and video, alt text for an image.
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

/** A captions file uploaded to app/upload like the media; the value is its key. */
function CaptionsField() {
  const { field } = useController({ name: 'captions' });
  const id = useId();
  const ids = { inputId: `${id}-input`, descriptionId: `${id}-hint`, errorId: `${id}-error` };
  const [state, setState] = useState<{ busy: boolean; name?: string; error?: string }>({ busy: false });
  const key = (field.value as string | null) || null;

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > CAPTIONS_MAX_BYTES) return setState({ busy: false, error: CAPTIONS_TOO_BIG });
    if (!/\.vtt$/i.test(file.name) && file.type !== CAPTIONS_MIME) {
      return setState({ busy: false, error: CAPTIONS_NOT_VTT });
    }
    setState({ busy: true, name: file.name });
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await api.upload('app/upload', form);
      if (answer === undefined) return setState({ busy: false });
      const uploaded = UploadAnswer.parse(answer);
      if (uploaded.contentType !== CAPTIONS_MIME) return setState({ busy: false, error: CAPTIONS_NOT_VTT });
      field.onChange(uploaded.url);
      setState({ busy: false, name: file.name });
    } catch (failure) {
      const error = formErrorText(failure);
      setState({ busy: false, error: /not supported/i.test(error) ? CAPTIONS_NOT_VTT : error });
    }
  }

  return (
    <div>
      <FieldHeading ids={ids} label="Captions" description={CAPTIONS_HINT} />
      <div className="mt-1.5 flex flex-wrap items-center gap-3">
        <input
          id={ids.inputId}
          type="file"
          accept={CAPTIONS_ACCEPT}
          onChange={(event) => void pick(event)}
          disabled={state.busy}
          aria-describedby={[ids.descriptionId, state.error ? ids.errorId : undefined].filter(Boolean).join(' ')}
          aria-invalid={state.error ? true : undefined}
          className={clsx(
            'block w-full max-w-sm text-sm text-stone-700',
            'file:mr-3 file:min-h-10 file:rounded-lg file:border file:border-stone-400 file:bg-white file:px-3',
            'file:text-sm file:font-semibold file:text-stone-800 hover:file:bg-stone-50',
          )}
        />
        {key && !state.busy && (
          <Button variant="secondary" size="sm" onClick={() => field.onChange(null)} className="text-red-700">
            Remove captions
          </Button>
        )}
      </div>
      <p role="status" className="mt-1.5 text-sm text-stone-700">
        {state.busy ? `Uploading ${state.name}…` : key ? `Captions added${state.name ? `: ${state.name}` : ''}` : ''}
      </p>
      <FieldError id={ids.errorId}>{state.error}</FieldError>
    </div>
  );
}
