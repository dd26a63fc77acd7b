import type { ErrorCatalogue } from '../error-protocol';
import { IMAGE_TOO_BIG } from './messages';

/** The file types media uploads take: audio, video, images and PDF. */
export const UNSUPPORTED_MEDIA = 'This file type is not supported. Upload audio, video, an image or a PDF.';

/**
 * The error codes of uploads calls and the text shown for each (see common/errors.ts).
 * `upload_quota_full` (names the quota) and `email_not_confirmed` (worded per call) carry their
 * text in `message`.
 */
export const UPLOADS_ERRORS = {
  image_too_big: IMAGE_TOO_BIG,
  file_too_large: 'This file is too large.',
  unsupported_media: UNSUPPORTED_MEDIA,
  not_an_image: 'This file is not an image.',
  image_unreadable: 'This image cannot be read.',
  image_format_unsupported: 'This image format is not supported.',
  multipart_required: 'Send the file as multipart/form-data',
  file_missing: 'Missing file parameter for upload',
  file_name_missing: 'Missing fileName parameter for upload',
  upload_key_missing: 'Missing public key for upload',
  upload_key_wrong: 'Your account cannot be authenticated.',
  upload_signature_missing: 'Missing signature, token or expire for upload',
  upload_signature_expired: 'The upload signature has expired.',
  upload_signature_invalid: 'Invalid signature for upload',
  upload_token_used: 'This upload token was already used. Please try again.',
  image_not_found: 'Image not found',
  file_not_found: 'File not found',
  file_access_denied: 'You do not have access to this file',
  signed_link_invalid: 'This link has expired or is invalid',
  captions_too_large: 'A captions file can be up to 1 MB.',
} as const satisfies ErrorCatalogue;
