// The admin texts shown to people, apart from the schemas so the error catalogue
// (common/errors.ts) and the web's forms load them without zod.

export const ADMIN_MESSAGES = {
  ownAdminFlag: 'You cannot remove your own admin flag.',
  deleteSelf: 'You cannot delete your own account from the admin area.',
  deleteAdmin: 'This account is an admin. Remove their admin flag before deleting it.',
  payingSubscribers:
    'This facilitator still has paying subscribers. Cancel or move their subscriptions before deleting the account.',
  tierHasSubscribers: 'This tier still has active subscribers. Cancel their subscriptions before deleting it.',
  priceLocked: 'The price cannot change once the tier has been bought; create a new tier instead.',
  emailInUse: 'That email address is already in use.',
  usernameInUse: 'That username is already in use.',
  tagExists: 'That tag already exists.',
} as const;
