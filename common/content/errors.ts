import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of content calls and the text shown for each (see common/errors.ts). */
export const CONTENT_ERRORS = {
  content_not_found: 'Content not found',
  not_own_upload: 'You can only attach your own uploads',
  not_own_tiers: 'Content can only be assigned to your own tiers',
  course_not_found: 'Course not found',
  course_not_bought: 'You have not bought this course',
  captions_not_webvtt: 'Captions must be a WebVTT (.vtt) file uploaded here.',
  captions_without_media: 'Captions and a transcript go with an audio or video file.',
} as const satisfies ErrorCatalogue;
