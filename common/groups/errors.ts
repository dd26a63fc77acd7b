import type { ErrorCatalogue } from '../error-protocol';
import { GROUP_MESSAGES } from './messages';

/** The error codes of groups (and tags) calls and the text shown for each (see common/errors.ts). */
export const GROUPS_ERRORS = {
  group_not_found: 'Group not found',
  group_owner_only: 'Only the group owner can do this',
  not_group_member: 'Join this group to read its discussion',
  unknown_tag: 'One of the tags does not exist any more. Reload and pick again.',
  group_full: GROUP_MESSAGES.full,
  membership_declined: GROUP_MESSAGES.rejected,
  owner_cannot_leave: GROUP_MESSAGES.ownerCannotLeave,
  not_in_group: 'You are not in this group',
  request_not_found: 'Request not found',
  request_already_rejected: 'This request was already rejected.',
  tag_not_found: 'Tag not found',
  tag_exists: 'That tag already exists.',
} as const satisfies ErrorCatalogue;
