import { z } from 'zod';
import { Email } from './login-schemas';
export { AUTH_MESSAGES } from './messages';
export { Email, LoginAnswer, LoginRequest } from './login-schemas';
export { safeRedirectPath } from './redirect';

// Passwords, as OWASP ASVS 6.2 asks: at least 8 characters, at most 128.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
// Verification codes are 4 characters.
export const CODE_LENGTH = 4;

export const Password = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
export const Username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[a-zA-Z0-9_.-]+$/, 'Username may use letters, numbers, dots, dashes and underscores');
export const PersonName = z.string().trim().min(1, 'Name is required').max(100);

/** The code input strips hyphens, dots and spaces and is case-insensitive. */
export const normaliseCode = (raw: string) => raw.replace(/[-.\s]/g, '').toUpperCase();
export const VerificationCode = z
  .string()
  .transform(normaliseCode)
  .pipe(z.string().length(CODE_LENGTH, `The code has ${CODE_LENGTH} characters`));

export const Id = z.string().uuid('Invalid id');

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.password === v.confirmPassword;
const mismatch = { message: 'Passwords do not match', path: ['confirmPassword'] };

export const RegisterUser = z
  .object({
    name: PersonName,
    username: Username,
    email: Email,
    password: Password,
    confirmPassword: z.string().min(1, 'Confirm your password'),
    isFacilitator: z.boolean({ error: 'Choose Facilitator or User' }),
    tos: z.literal(true, { error: 'You must accept the terms of service' }),
  })
  .refine(passwordsMatch, mismatch);

export const RegisterRequest = z.object({
  user: RegisterUser,
  metaData: z
    .object({ ref: z.string().max(100).optional().nullable(), client: z.string().max(100).optional().nullable() })
    .optional()
    .default({}),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterAnswer = z.object({
  error: z.enum(['email_in_use', 'username_in_use', 'account_exists']).optional(),
  token: z.string().optional(),
  redirectToConfirm: z.boolean().optional(),
  userId: z.string().optional(),
});
export type RegisterAnswer = z.infer<typeof RegisterAnswer>;

/** Two-factor and email confirmation payloads: id and token (the verification code). */
export const CodeRequest = z.object({ id: Id, token: VerificationCode });
export type CodeRequest = z.infer<typeof CodeRequest>;
/** POST auth/2fa: the code, and optionally the challenge the password step answered (its proof). */
export const TwoFactorCodeRequest = CodeRequest.extend({ challenge: z.string().min(20).max(200).optional() });

export const ConfirmAnswer = z.object({ status: z.string(), error: z.string().optional() });
export const TwoFactorAnswer = z.object({ token: z.string(), redirectUrl: z.string() });

export const RequestResetRequest = z
  .object({ email: Email, confirmEmail: Email })
  .refine((v) => v.email === v.confirmEmail, { message: 'Emails do not match', path: ['confirmEmail'] });
export type RequestResetRequest = z.infer<typeof RequestResetRequest>;

export const ResetPasswordRequest = z
  .object({
    password: Password,
    confirmPassword: z.string().min(1, 'Confirm your password'),
    token: z.string().min(10).max(200),
    id: Id,
  })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const UserType = z.enum(['admin', 'facilitator', 'user']);

export const WhoamiAnswer = z.object({
  isLoggedIn: z.boolean(),
  streak: z.number().int(),
  id: z.string().optional(),
  _id: z.string().optional(),
  name: z.string().optional(),
  username: z.string().optional(),
  email: z.string().optional(),
  profilePicture: z.string().nullable().optional(),
  isFacilitator: z.boolean().optional(),
  isAdmin: z.boolean().optional(),
  userType: UserType.optional(),
  emailConfirmed: z.boolean().optional(),
  twoFactorEnabled: z.boolean().optional(),
});
export type WhoamiAnswer = z.infer<typeof WhoamiAnswer>;

export const WhoamiQuery = z.object({
  tz: z
    .string()
    .max(64)
    .optional()
    .refine((tz) => tz === undefined || isTimeZone(tz), 'Unknown time zone'),
});

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** GET app/sessions: my signed-in sessions (Settings), the current one first. */
export const SessionAnswer = z.object({
  _id: z.string(),
  device: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionAnswer = z.infer<typeof SessionAnswer>;
export const SessionsAnswer = z.array(SessionAnswer);

/** A code from an authenticator app: 6 digits (spaces allowed while typing). */
export const AppCode = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app'));
/** A recovery code as shown at setup: 10 letters and digits, the dash optional. */
export const RecoveryCode = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-Z]{10}$/, 'Enter a recovery code like ABCDE-12345'));

/** POST auth/2fa/app: the second step with an authenticator app code, or a recovery code. */
export const AppSignInRequest = z.object({
  id: Id,
  challenge: z.string().min(20).max(200),
  code: z.union([AppCode, RecoveryCode], { error: 'Enter the 6-digit code from your app, or a recovery code' }),
});
export type AppSignInRequest = z.infer<typeof AppSignInRequest>;

/** POST app/two-factor/app/start and /remove: the current password confirms it is really me. */
export const AuthenticatorPasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(1024),
});
/** The key to add to an authenticator app: as text, as an otpauth:// URI, and as a QR code (a PNG data URL). */
export const AuthenticatorSetupAnswer = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export type AuthenticatorSetupAnswer = z.infer<typeof AuthenticatorSetupAnswer>;
/** POST app/two-factor/app/confirm: the first code from the app turns it on. */
export const AuthenticatorConfirmRequest = z.object({ code: AppCode });
/** The ten single-use recovery codes, shown once. */
export const RecoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

/** Calls that answer only how it went: logout, request-token, reset-password, removing the authenticator app. */
export const StatusAnswer = z.object({ status: z.string() });
export type StatusAnswer = z.infer<typeof StatusAnswer>;

/** GET app/send-confirm: a code was sent, or the address is confirmed already. */
export const SendConfirmAnswer = z.object({ userId: z.string(), status: z.enum(['sent', 'already_confirmed']) });
