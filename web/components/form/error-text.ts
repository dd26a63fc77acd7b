import { ApiError } from '@web/api/client';

export const DEFAULT_FAIL_TEXT = 'Something went wrong';
export const OFFLINE_TEXT = 'Could not reach the server. Check your connection and try again.';

/**
 * The text a server refusal shows: its `message`, which the server writes from the shared
 * catalogue of its code (common/errors.ts) or with the specifics of the refusal. The catalogue
 * itself is not loaded here: every page carries this file, and the catalogue grows with each
 * feature.
 */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.serverMessage?.trim() ? error.serverMessage : undefined;
}

/** A failed submit shows the error text, or 'Something went wrong' by default. */
export function formErrorText(error: unknown): string {
  const fromServer = serverMessageOf(error);
  if (fromServer) return fromServer;
  // fetch() rejects with a TypeError when the network is down; its message means nothing to people.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return OFFLINE_TEXT;
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return DEFAULT_FAIL_TEXT;
}
