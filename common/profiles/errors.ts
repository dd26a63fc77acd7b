import { ADMIN_MESSAGES } from '../admin/messages';
import type { ErrorCatalogue } from '../error-protocol';
import { PROFILE_MESSAGES } from './messages';

/**
 * The error codes of profiles calls (profiles, settings, accounts, the admin's account forms) and
 * the text shown for each (see common/errors.ts). Worded per call, so carried in `message`:
 * `current_password_wrong`, `email_in_use`, `username_in_use`, `email_not_confirmed`,
 * `has_paying_subscribers`.
 */
export const PROFILES_ERRORS = {
  current_password_required: PROFILE_MESSAGES.currentPasswordRequired,
  two_factor_needs_email: PROFILE_MESSAGES.twoFactorNeedsConfirmedEmail,
  own_admin_flag: ADMIN_MESSAGES.ownAdminFlag,
  delete_self: ADMIN_MESSAGES.deleteSelf,
  delete_admin: ADMIN_MESSAGES.deleteAdmin,
  already_facilitator: 'You are already a facilitator.',
  becoming_facilitator_off: 'Becoming a facilitator is turned off on this site. Ask an admin.',
  admin_account_not_deletable:
    'An admin account cannot be deleted. Revoke the admin flag first (npm run admin -- --revoke).',
} as const satisfies ErrorCatalogue;
