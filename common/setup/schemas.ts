import { z } from 'zod';
import { Email, Password, PersonName } from '../auth/schemas';
export { SETUP_MESSAGES } from './messages';

// the first run. While no admin exists, the server prints a setup link; whoever opens
// it creates the owner account (the first admin), as Ghost and Discourse do.

/** The link's token: an HMAC in base64url (43 characters); the bound only keeps junk out. */
export const SetupToken = z.string().min(1, 'The setup token is missing').max(200);

/** GET setup/owner?token=: is the owner account still to be created, and is this the link? */
export const OwnerSetupQuery = z.object({ token: SetupToken });
export type OwnerSetupQuery = z.infer<typeof OwnerSetupQuery>;

export const OwnerSetupAnswer = z.object({ needed: z.literal(true) });
export type OwnerSetupAnswer = z.infer<typeof OwnerSetupAnswer>;

/** What the owner types: the registration rules for name, email and password (common/auth). */
export const OwnerAccount = z.object({ name: PersonName, email: Email, password: Password });
export type OwnerAccount = z.infer<typeof OwnerAccount>;

/** POST setup/owner. */
export const CreateOwnerRequest = OwnerAccount.extend({ token: SetupToken });
export type CreateOwnerRequest = z.infer<typeof CreateOwnerRequest>;

/** The owner is signed in at once: the same fields login answers (token, userId, redirectUrl). */
export const CreateOwnerAnswer = z.object({ token: z.string(), userId: z.string(), redirectUrl: z.string() });
export type CreateOwnerAnswer = z.infer<typeof CreateOwnerAnswer>;
