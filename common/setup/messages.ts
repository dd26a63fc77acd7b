// The setup texts shown to people, apart from the schemas so the error catalogue
// (common/errors.ts) and the web's forms load them without zod.

export const SETUP_MESSAGES = {
  /** Wrong link or an admin already exists: one text, so the answer does not tell which. */
  notAvailable: 'This setup link is not valid. An owner account already exists, or the link is wrong.',
  emailInUse:
    'An account with this email already exists. Use another email, ' +
    'or make that account an administrator with npm run admin.',
  created: 'Your owner account is ready. Welcome to Tend.',
} as const;
