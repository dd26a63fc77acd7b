import { ADMIN_ERRORS } from './admin/errors';
import type { ErrorCatalogue } from './error-protocol';
import { ANNOUNCEMENTS_ERRORS } from './announcements/errors';
import { AUTH_ERRORS } from './auth/errors';
import { BLOCKS_ERRORS } from './blocks/errors';
import { CONTENT_ERRORS } from './content/errors';
import { EXPORTS_ERRORS } from './exports/errors';
import { CONTENT_IMPORT_ERRORS } from './content-import/errors';
import { GIFTS_ERRORS } from './gifts/errors';
import { GROUPS_ERRORS } from './groups/errors';
import { STRIPE_IMPORT_ERRORS } from './imports/stripe-import-errors';
import { MEMBER_IMPORTS_ERRORS } from './member-imports/errors';
import { MESSAGES_ERRORS } from './messages/errors';
import { MODERATION_ERRORS } from './moderation/errors';
import { NOTIFICATIONS_ERRORS } from './notifications/errors';
import { OFFERS_ERRORS } from './offers/errors';
import { PAYMENTS_ERRORS } from './payments/errors';
import { POSTS_ERRORS } from './posts/errors';
import { PRACTICE_ERRORS } from './practice/errors';
import { PROFILES_ERRORS } from './profiles/errors';
import { PUSH_ERRORS } from './push/errors';
import { SESSIONS_ERRORS } from './sessions/errors';
import { SERIES_ERRORS } from './sessions/series/errors';
import { AFTER_SESSION_ERRORS } from './sessions/after/errors';
import { RECORDING_ERRORS } from './sessions/recording/errors';
import { SETUP_ERRORS } from './setup/errors';
import { SITE_ERRORS } from './site/errors';
import { SUBSCRIPTIONS_ERRORS } from './subscriptions/errors';
import { TIERS_ERRORS } from './tiers/errors';
import { UPLOADS_ERRORS } from './uploads/errors';

/**
 * The catalogue of the error protocol (`error-protocol.ts`): the text of each code (the spec's
 * own words where it has them), which the server sends as `message` and the web shows as it
 * comes; the web's pages do not load this file, which grows with every feature. Codes whose text carries specifics (an amount,
 * a wait, which field is invalid: `invalid_input`, `too_many_requests`) are not listed: their
 * `message` is the text. Below, the platform's own codes; each feature keeps its codes in
 * `common/<feature>/errors.ts`, and this file joins them.
 */
export const PLATFORM_ERRORS = {
  invalid_json: 'The request body is not valid JSON',
  body_too_deep: 'The request body is nested too deeply.',
  invalid_text: 'Text contains a character that cannot be stored.',
  invalid_cursor: 'That page link is not valid any more. Go back to the first page.',
  unauthorized: 'You need to sign in',
  forbidden: 'You are not allowed to do this',
  not_found: 'Not found',
  no_route: 'There is no such address in the API.',
  payload_too_large: 'That is too large to send.',
  database_unavailable: 'The service is busy. Please try again in a moment.',
  internal_error: 'Something went wrong',
  invalid_idempotency_key: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  idempotency_key_reused: 'This Idempotency-Key was already used for a different request. Use a new key.',
  request_in_progress: 'The same request is still being processed. Try again in a moment.',
  email_not_sent: 'We could not send the email, try again.',
  // not found, shared by several features
  user_not_found: 'User not found',
  facilitator_not_found: 'Facilitator not found',
  media_not_found: 'The media file was not found. Upload it again.',
} as const;

const catalogues: readonly ErrorCatalogue[] = [
  PLATFORM_ERRORS,
  ADMIN_ERRORS,
  ANNOUNCEMENTS_ERRORS,
  AUTH_ERRORS,
  BLOCKS_ERRORS,
  CONTENT_ERRORS,
  EXPORTS_ERRORS,
  CONTENT_IMPORT_ERRORS,
  GIFTS_ERRORS,
  GROUPS_ERRORS,
  STRIPE_IMPORT_ERRORS,
  OFFERS_ERRORS,
  MEMBER_IMPORTS_ERRORS,
  MESSAGES_ERRORS,
  MODERATION_ERRORS,
  NOTIFICATIONS_ERRORS,
  PAYMENTS_ERRORS,
  POSTS_ERRORS,
  PRACTICE_ERRORS,
  PROFILES_ERRORS,
  PUSH_ERRORS,
  SESSIONS_ERRORS,
  SERIES_ERRORS,
  AFTER_SESSION_ERRORS,
  RECORDING_ERRORS,
  SETUP_ERRORS,
  SITE_ERRORS,
  SUBSCRIPTIONS_ERRORS,
  TIERS_ERRORS,
  UPLOADS_ERRORS,
];

/** The catalogue text for a code, if it has one. */
export function errorText(code: unknown): string | undefined {
  if (typeof code !== 'string') return undefined;
  for (const catalogue of catalogues) if (Object.hasOwn(catalogue, code)) return catalogue[code];
  return undefined;
}

/** A stable code: lower snake_case, what clients switch on. */
export const isErrorCode = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(value);
