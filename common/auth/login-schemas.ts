import * as z from 'zod/mini';

/**
 * The sign-in call's schemas, written with zod/mini: /login is the first page most people load,
 * and the full zod (about 27 KB gzipped) was a sixth of its JavaScript, as
 * scripts/build/route-js.mjs measures it. The server uses them as they are
 * (fastify-type-provider-zod takes any zod schema) and the other auth schemas build on `Email`.
 * Same rules and texts as the full API: trim, lower case, then the format and the length.
 */
export const Email = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.email('Enter a valid email address'), z.maxLength(254));

export const LoginRequest = z.object({
  user: z.object({
    email: Email,
    password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(1024)),
  }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginAnswer = z.object({
  redirectToTwoFactor: z.optional(z.boolean()),
  /** which second factor the account uses: a mailed code, or an authenticator app */
  method: z.optional(z.enum(['email', 'app'])),
  /** proof the password step passed, for POST auth/2fa/app (10 minutes, single use) */
  challenge: z.optional(z.string()),
  userId: z.optional(z.string()),
  token: z.optional(z.string()),
  redirectUrl: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;
