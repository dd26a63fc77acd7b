import { z } from 'zod';
import { AltText, Transcript } from '../uploads/text-alternatives';

export const CONTENT_TYPES = [
  'meditation',
  'breathwork',
  'reading',
  'journal',
  'podcast',
  'workout',
  'informational',
] as const;
export const ContentType = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof ContentType>;

export const FILE_TYPES = ['audio', 'video', 'image', 'document'] as const;
export const FileType = z.enum(FILE_TYPES);
export type FileType = z.infer<typeof FileType>;

export const ContentAuthor = z.object({ _id: z.string(), name: z.string(), profilePicture: z.string().nullable() });

/** A practice content item as it travels. */
export const ContentAnswer = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  media: z.string().nullable(),
  fileType: FileType.nullable(),
  contentType: ContentType,
  tiers: z.array(z.string()),
  inPostQueue: z.boolean(),
  postNow: z.boolean(),
  postedDate: z.string().nullable(),
  hitCount: z.number().int(),
  user: ContentAuthor,
  /** Text alternatives, beside the media fields. A WebVTT upload's key (a signed URL like media's) */
  captions: z.string().nullable().optional(),
  /** plain text of what is said in the audio or video */
  transcript: z.string().nullable().optional(),
  /** what an image media file shows (its alt text) */
  altText: z.string().nullable().optional(),
});
export type ContentAnswer = z.infer<typeof ContentAnswer>;

/**
 * When an item released to the member: its day (YYYY-MM-DD, the member's
 * calendar) and, for a drip queue, its 'Day N'. Null in the facilitator's own view.
 */
export const ContentRelease = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  queueDay: z.number().int().nullable(),
});
export type ContentRelease = z.infer<typeof ContentRelease>;
export const ReleasedContentAnswer = ContentAnswer.extend({ release: ContentRelease.nullable() });
export type ReleasedContentAnswer = z.infer<typeof ReleasedContentAnswer>;

/** Three mutually exclusive scheduling modes. */
export const SCHEDULING_MODES = ['queue', 'schedule', 'now'] as const;
export type SchedulingMode = (typeof SCHEDULING_MODES)[number];

export const CONTENT_MESSAGES = {
  tiersPrompt: 'Assign this content to one or more tiers',
  tiersWarning: 'Please assign to one or more tiers',
  postedDateRequired: 'Choose the date to publish on',
} as const;

/**
 * Content form save (POST app/content, app/content/new or app/content/{id}). The scheduling
 * flags are exclusive; postedDate is required when scheduling for a date.
 */
export const SaveContentRequest = z
  .object({
    _id: z.string().uuid().optional(),
    title: z.string().trim().min(1, 'Title is required').max(200),
    description: z.string().trim().max(10_000).default(''),
    thumbnail: z.string().max(500).nullable().optional(),
    media: z.string().max(200).nullable().optional(),
    contentType: ContentType,
    tiers: z.array(z.string().uuid()).min(1, CONTENT_MESSAGES.tiersWarning).max(100),
    inPostQueue: z.boolean().default(false),
    postNow: z.boolean().default(false),
    postedDate: z.iso.datetime({ offset: true }).nullable().optional(),
    /** A captions upload's key (WebVTT, app/upload) and a transcript, for audio and video */
    captions: z.string().max(200).nullable().optional(),
    transcript: Transcript.nullable().optional(),
    altText: AltText.nullable().optional(),
  })
  .refine((c) => [c.inPostQueue, c.postNow, Boolean(c.postedDate) && !c.postNow].filter(Boolean).length <= 1, {
    message: 'Choose one way to publish: queue, schedule or post now',
    path: ['inPostQueue'],
  });
export type SaveContentRequest = z.infer<typeof SaveContentRequest>;
