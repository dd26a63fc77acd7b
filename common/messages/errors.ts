import type { ErrorCatalogue } from '../error-protocol';
import { MESSAGE_TEXTS } from './messages';

/** The error codes of messages calls and the text shown for each (see common/errors.ts). */
export const MESSAGES_ERRORS = {
  chat_not_found: 'Chat not found',
  chat_user_not_found: 'User not found',
  messaging_not_allowed: MESSAGE_TEXTS.notAllowed,
  recipient_not_in_chat: 'That person is not in this chat',
  message_key_reused: 'That message key was already used for another chat',
} as const satisfies ErrorCatalogue;
