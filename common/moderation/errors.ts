import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of reports, moderators and the review queue (see common/errors.ts). */
export const MODERATION_ERRORS = {
  already_reported: 'You already reported this. We will look at it.',
  cannot_report_own: 'You cannot report your own content.',
  report_target_not_found: 'There is nothing to report there: it may have been removed.',
  note_required_for_other: 'Tell us what is wrong when the reason is Other.',
  case_not_found: 'This review item was not found.',
  not_a_moderator: 'Only this group’s moderators can do this.',
  moderator_must_be_member: 'A moderator must be an approved member of the group.',
  moderator_not_found: 'This person is not a moderator of the group.',
  action_needs_group: 'This action applies to content in a group.',
  action_not_for_target: 'This action does not apply to this kind of item.',
  admins_only_action: 'Only admins can suspend an account.',
  muted_in_group: 'You are muted in this group for now and cannot post or comment.',
  cannot_remove_owner: 'The group owner cannot be removed from their group.',
  warning_not_found: 'Warning not found.',
  account_suspended: 'This account is suspended.',
} as const satisfies ErrorCatalogue;
