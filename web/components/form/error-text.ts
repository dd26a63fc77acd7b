import { ApiError } from '@web/api/client';

export const DEFAULT_FAIL_TEXT = 'Something went wrong';
export const OFFLINE_TEXT = 'Could not reach the server. Check your connection and try again.';

/** `email_in_use`-style codes are for code to map, not for people to read. */
const isMachineCode = (text: string) => /^[a-z0-9]+(_[a-z0-9]+)*$/.test(text);

/**
 * The human text a server answer carried, if any: `message` first, then `error` unless it is a
 * machine code (rate-limit and validation answers put their sentence there, DESIGN.md §1 and §5).
 */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.serverMessage?.trim()) return error.serverMessage;
  const code = error.code?.trim();
  return code && !isMachineCode(code) ? code : undefined;
}

/** spec 01 §5: a failed submit shows the error text, or 'Something went wrong' by default. */
export function formErrorText(error: unknown): string {
  const fromServer = serverMessageOf(error);
  if (fromServer) return fromServer;
  // fetch() rejects with a TypeError when the network is down; its message means nothing to people.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return OFFLINE_TEXT;
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return DEFAULT_FAIL_TEXT;
}
