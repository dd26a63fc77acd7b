import type { ErrorCatalogue } from '../error-protocol';
import { BLOCK_TEXTS } from './schemas';

/** The error codes of blocking and of the new-account brakes, and the text shown for each (see common/errors.ts). */
export const BLOCKS_ERRORS = {
  block_self: 'You cannot block yourself.',
  block_user_not_found: 'User not found',
  /** sending to someone I block */
  you_blocked_member: 'You blocked this person. Unblock them to send a message.',
  /** sending to someone who blocks me: said no more plainly than this */
  messaging_blocked: BLOCK_TEXTS.cannotReply,
  new_account_no_links:
    "New accounts can't send links or images to someone they haven't exchanged messages with yet. Send it without the link, or wait until they reply.",
} as const satisfies ErrorCatalogue;
