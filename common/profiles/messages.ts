// The profiles texts shown to people, apart from the schemas so the error catalogue
// (common/errors.ts) and the web's forms load them without zod.

export const PROFILE_MESSAGES = {
  currentPasswordRequired: 'Enter your current password to change your password, email or two-factor sign-in.',
  currentPasswordWrong: 'Your current password is not right.',
  twoFactorNeedsConfirmedEmail: 'Confirm your email before turning on two-factor authentication.',
  emailInUse: 'That email address is already in use.',
  passwordsDiffer: 'Passwords do not match',
} as const;
