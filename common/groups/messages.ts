// The groups texts shown to people, apart from the schemas so the error catalogue
// (common/errors.ts) and the web's forms load them without zod.

export const GROUP_MESSAGES = {
  full: 'This group is currently full.',
  pending: 'A decision on your request will be made shortly by the host, thank you!',
  ownerCannotLeave: 'The owner cannot leave the group.',
  rejected: 'Your request to join this group was declined.',
} as const;
