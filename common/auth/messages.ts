// The auth texts shown to people, apart from the schemas so the error catalogue
// (common/errors.ts) and the web's forms load them without zod.

/** The error catalogue, word for word as the product shows it. */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed. Please check your details and try again.',
  email_in_use: 'Email already in use. Please sign in or register with a different email.',
  username_in_use: 'Username already in use.',
  account_exists: 'Account already exists.',
  registrationFailed: 'Registration failed. Please check your details and try again.',
  resetFailed: 'Failed to reset password. Please try again or contact us for help.',
} as const;
