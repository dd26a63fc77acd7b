import type { ErrorCatalogue } from '../error-protocol';
import { AUTH_MESSAGES } from './messages';

/** Refused at sign-up and password changes (the list of the most common passwords). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less guessable one.';

/** The one-time codes mailed for confirming an email and for two-factor sign-in. */
export const CODE_MESSAGES = {
  wrong: 'That code is not right. Please check the email and try again.',
  invalid: 'This code is no longer valid. Please request a new one.',
} as const;

/** The authenticator app's refusals. */
export const AUTHENTICATOR_MESSAGES = {
  wrongCode: 'That code is not right. Check the time on your phone and try the newest code.',
  noSetup: 'Start the set-up again: the key shown earlier is no longer waiting.',
  expired: 'Your sign-in expired. Please sign in again.',
} as const;

/**
 * The error codes of auth calls and the text shown for each (see common/errors.ts). Registration's
 * `email_in_use`, `username_in_use` and `account_exists` carry AUTH_MESSAGES' text in
 * `message`: other forms word `email_in_use` their own way.
 */
export const AUTH_ERRORS = {
  admin_only: 'Only administrators can do this',
  invalid_credentials: AUTH_MESSAGES.loginFailed,
  invalid_token: AUTH_MESSAGES.resetFailed,
  common_password: COMMON_PASSWORD_MESSAGE,
  email_code_wrong: CODE_MESSAGES.wrong,
  email_code_invalid: CODE_MESSAGES.invalid,
  wrong_code: AUTHENTICATOR_MESSAGES.wrongCode,
  no_pending_setup: AUTHENTICATOR_MESSAGES.noSetup,
  challenge_expired: AUTHENTICATOR_MESSAGES.expired,
  sign_in_session_not_found: 'That sign-in has already ended.',
} as const satisfies ErrorCatalogue;
