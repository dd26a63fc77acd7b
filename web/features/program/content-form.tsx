import { Link, useNavigate } from 'react-router';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  CONTENT_MESSAGES,
  type FileType,
  SaveContentRequest,
  type ContentAnswer,
  type ContentType,
} from '@common/content/schemas';
import type { TierAnswer } from '@common/tiers/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { Form } from '@web/components/form/form';
import { ImageField } from '@web/components/form/image-field';
import { InputField } from '@web/components/form/input-field';
import { MediaField } from '@web/components/form/media-field';
import type { Rule } from '@web/components/form/rules';
import { TextareaField } from '@web/components/form/textarea-field';
import { useSaveContent } from './api/save-content';
import { ContentTypeTiles } from './content-type-tiles';
import { canChooseScheduling, postingStatus, schedulingFlags, schedulingModeOf } from './posting-status';
import { SchedulingField, type SchedulingValues } from './scheduling-field';
import { MediaTextFields } from './media-text-fields';
import { TierCheckboxes } from './tier-checkboxes';
import clsx from 'clsx';

export type ContentValues = SchedulingValues & {
  title: string;
  description: string;
  thumbnail: string | null;
  media: string | null;
  fileType: FileType | null;
  contentType: ContentType | null;
  tiers: string[];
  captions: string | null;
  transcript: string | null;
  altText: string | null;
};

// title required, at least one tier, a date when scheduling for a date.
const rules: Rule<ContentValues>[] = [
  { field: 'title', isValid: (v) => typeof v === 'string' && v.trim() !== '', prompt: 'Title is required' },
  { field: 'tiers', isValid: (v) => Array.isArray(v) && v.length > 0, prompt: CONTENT_MESSAGES.tiersWarning },
  { field: 'contentType', isValid: (v) => v !== null && v !== undefined, prompt: 'Choose a content type' },
  {
    field: 'postedDate',
    isValid: (v, values) => values.mode !== 'schedule' || Boolean(v),
    prompt: CONTENT_MESSAGES.postedDateRequired,
  },
];

const valuesOf = (content: ContentAnswer | undefined, preselectedTier: string | undefined): ContentValues => ({
  title: content?.title ?? '',
  description: content?.description ?? '',
  thumbnail: content?.thumbnail ?? null,
  media: content?.media ?? null,
  fileType: content?.fileType ?? null,
  contentType: content?.contentType ?? null,
  tiers: content?.tiers ?? (preselectedTier ? [preselectedTier] : []),
  captions: content?.captions ?? null,
  transcript: content?.transcript ?? null,
  altText: content?.altText ?? null,
  mode: schedulingModeOf(content),
  postedDate: content?.postedDate ?? null,
});

/** The request the form sends; an item already posted or scheduled keeps its own flags. */
export function contentRequest(values: ContentValues, content?: ContentAnswer): SaveContentRequest {
  const scheduling = canChooseScheduling(content)
    ? schedulingFlags(values.mode, values.postedDate)
    : { inPostQueue: content!.inPostQueue, postNow: content!.postNow, postedDate: content!.postedDate };
  const parsed = SaveContentRequest.safeParse({
    title: values.title,
    description: values.description,
    thumbnail: values.thumbnail,
    media: values.media,
    contentType: values.contentType,
    tiers: values.tiers,
    ...textAlternatives(values),
    ...scheduling,
  });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Please check for errors');
  return parsed.data;
}

/** Captions and a transcript go with audio or video, alt text with an image; others are cleared. */
function textAlternatives({ fileType, captions, transcript, altText }: ContentValues) {
  const playable = fileType === 'audio' || fileType === 'video';
  return {
    captions: playable ? captions : null,
    transcript: playable ? transcript || null : null,
    altText: fileType === 'image' ? altText || null : null,
  };
}

type ContentFormProps = {
  content?: ContentAnswer;
  tiers: TierAnswer[];
  /** The tier the facilitator came from (?tier=), pre-checked for new content and returned to. */
  fromTier?: string;
};

/** Content form. Saving returns to the program page on the tier it came from. */
export function ContentForm({ content, tiers, fromTier }: ContentFormProps) {
  const navigate = useNavigate();
  // the mutation refreshes the program page's data after saving
  const { mutateAsync: saveContent } = useSaveContent();
  const preselected = tiers.some((t) => t._id === fromTier) ? fromTier : undefined;
  const backTo = `/program${fromTier ? `?tier=${encodeURIComponent(fromTier)}` : ''}`;

  async function submit(values: ContentValues) {
    const request = { ...contentRequest(values, content), fileType: values.fileType };
    return saveContent({ id: content?._id ?? 'new', values: request });
  }

  function returnTo(saved: ContentAnswer) {
    const tier = preselected && saved.tiers.includes(preselected) ? preselected : saved.tiers[0];
    navigate(tier ? `/program?tier=${encodeURIComponent(tier)}` : '/program');
  }

  return (
    <Form<ContentValues, ContentValues, ContentAnswer>
      rules={rules}
      defaultValues={valuesOf(content, preselected)}
      onSubmit={submit}
      onSuccess={returnTo}
      submitLabel={content ? 'Save Content' : 'Create Content'}
      aria-label={content ? 'Edit content' : 'Add content'}
      actions={
        <Link to={backTo} className={buttonStyles({ variant: 'secondary' })}>
          Cancel
        </Link>
      }
    >
      {(form) => (
        <>
          <TierCheckboxes tiers={tiers} />
          <InputField name="title" required maxLength={200} />
          <TextareaField name="description" rows={5} maxLength={10_000} />
          <ImageField name="thumbnail" label="Thumbnail" />
          <MediaField
            name="media"
            label="Media"
            fileType={content?.fileType}
            onUploaded={({ fileType }) => form.setValue('fileType', fileType)}
            onChange={(key) => !key && form.setValue('fileType', null)}
          />
          <MediaTextFields />
          <ContentTypeTiles />
          <Scheduling form={form} content={content} tiers={tiers} />
        </>
      )}
    </Form>
  );
}

type SchedulingProps = {
  form: UseFormReturn<ContentValues, unknown, ContentValues>;
  content?: ContentAnswer;
  tiers: TierAnswer[];
};

function Scheduling({ form, content, tiers }: SchedulingProps) {
  const chosen = useWatch({ control: form.control, name: 'tiers' });
  const hasCourse = tiers.some((t) => t.releaseAllContent && chosen.includes(t._id));
  return (
    <div className="border-t border-stone-100 pt-5">
      {canChooseScheduling(content) ? (
        <SchedulingField hasCourse={hasCourse} />
      ) : (
        <>
          <p className="text-sm font-medium text-stone-800">Scheduling</p>
          <p
            className={clsx(
              'mt-1.5 px-3 py-2.5',
              'rounded-lg bg-stone-50 text-sm text-stone-700 ring-1 ring-inset ring-stone-200',
            )}
          >
            {postingStatus(content!)}.
          </p>
        </>
      )}
    </div>
  );
}
