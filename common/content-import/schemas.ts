import { z } from 'zod';
import { ContentType } from '../content/schemas';

/** A podcast feed address as the facilitator gives it: http or https only. */
export const FeedUrl = z
  .string()
  .trim()
  .max(2000)
  .url('Enter the feed’s address (https://…)')
  .refine((v) => /^https?:\/\//i.test(v), 'The address must start with http:// or https://');

export const FeedPreviewRequest = z.object({ feedUrl: FeedUrl });

/** One recording a feed lists, as the preview shows it. */
export const FeedItemPreview = z.object({
  /** the item's place in the feed as read (its guid or enclosure address is not shown) */
  key: z.string(),
  title: z.string(),
  publishedAt: z.string().nullable(),
  mimeType: z.string().nullable(),
  size: z.number().int().nullable(),
  duration: z.string().nullable(),
});
export type FeedItemPreview = z.infer<typeof FeedItemPreview>;

export const FeedPreviewAnswer = z.object({
  title: z.string(),
  hasArtwork: z.boolean(),
  items: z.array(FeedItemPreview),
});
export type FeedPreviewAnswer = z.infer<typeof FeedPreviewAnswer>;

export const IMPORT_ORDERS = ['oldest', 'newest'] as const;

export const StartFeedImportRequest = z.object({
  feedUrl: FeedUrl,
  tierId: z.string().uuid(),
  order: z.enum(IMPORT_ORDERS).default('oldest'),
  contentType: ContentType.default('podcast'),
  /** the chosen items' keys; at least one */
  items: z.array(z.string().max(100)).min(1, 'Choose at least one recording').max(2000),
});
export type StartFeedImportRequest = z.infer<typeof StartFeedImportRequest>;

/** At most this many files go up in one files import. */
export const FILES_IMPORT_MAX = 50;

/**
 * The `items` field of a files import, sent before the files: one entry per file in the order
 * they go into the queue, with its size (checked against the limits before any byte is stored)
 * and an optional title (else from the file name).
 */
export const FilesImportManifest = z
  .array(
    z.object({
      name: z.string().min(1).max(500),
      size: z.number().int().min(0),
      title: z.string().trim().max(200).optional(),
    }),
  )
  .min(1, 'Choose at least one file')
  .max(FILES_IMPORT_MAX, `At most ${FILES_IMPORT_MAX} files at once`);
export type FilesImportManifest = z.infer<typeof FilesImportManifest>;

export const ImportItemState = z.enum(['pending', 'done', 'failed']);
export type ImportItemState = z.infer<typeof ImportItemState>;

export const ImportItemAnswer = z.object({
  position: z.number().int(),
  title: z.string(),
  state: ImportItemState,
  /** why it failed: a code and its text */
  reason: z.string().nullable(),
  reasonText: z.string().nullable(),
  contentId: z.string().nullable(),
});
export type ImportItemAnswer = z.infer<typeof ImportItemAnswer>;

export const ImportAnswer = z.object({
  _id: z.string(),
  source: z.enum(['feed', 'zip', 'files']),
  label: z.string(),
  tierId: z.string(),
  createdAt: z.string(),
  counts: z.object({ pending: z.number().int(), done: z.number().int(), failed: z.number().int() }),
  items: z.array(ImportItemAnswer),
});
export type ImportAnswer = z.infer<typeof ImportAnswer>;

export const ImportListAnswer = z.object({
  imports: z.array(ImportAnswer.omit({ items: true })),
});
export type ImportListAnswer = z.infer<typeof ImportListAnswer>;
