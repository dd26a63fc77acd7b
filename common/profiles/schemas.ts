import { z } from 'zod';
import { AdminFacilitatorForm } from '../admin/schemas';
import { GROUP_PAGE_SIZE } from '../groups/schemas';
import { TierAnswer } from '../tiers/schemas';
import { PROFILE_MESSAGES } from './messages';
export { PROFILE_MESSAGES } from './messages';

/** What anyone may see of a facilitator: never email, hashes, provider ids or tokens. */
export const PublicProfileAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  bio: z.string(),
  facilitatorCategory: z.string(),
  profilePicture: z.string().nullable(),
  isFacilitator: z.boolean(),
  dateJoined: z.string(),
  /** GET app/facilitator/{id} only: whether the viewer may message this person (the profile's message icon) */
  canMessage: z.boolean().optional(),
});
export type PublicProfileAnswer = z.infer<typeof PublicProfileAnswer>;

// Explore: GET app/facilitators, a page of facilitators at a time.
export const EXPLORE_PAGE_SIZE = 24;

/** A facilitator's card on Explore: picture or initial, name, category. */
export const FacilitatorCard = z.object({
  _id: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  facilitatorCategory: z.string(),
});
export type FacilitatorCard = z.infer<typeof FacilitatorCard>;

/**
 * GET app/facilitators?search=&cursor=: facilitators by name; `search` matches category, bio or a
 * published tier's name or description, case-insensitively and literally (`%`, `_` match themselves).
 */
export const ExploreQuery = z.object({
  search: z.string().trim().max(100).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(EXPLORE_PAGE_SIZE),
});
export const ExploreAnswer = z.object({ facilitators: z.array(FacilitatorCard), next: z.string().nullable() });
export type ExploreAnswer = z.infer<typeof ExploreAnswer>;

// Settings: GET and POST app/profile, the signed-in user's own account.
export const PAYOUT_STATUSES = ['not_linked', 'incomplete', 'linked'] as const;

/** GET app/profile: my own account as the settings screen shows it (never hashes or tokens). */
export const OwnProfileAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  /** a new address waiting for its confirmation code; `email` stays until then */
  pendingEmail: z.string().nullable(),
  emailConfirmed: z.boolean(),
  twoFactorEnabled: z.boolean(),
  bio: z.string(),
  facilitatorCategory: z.string(),
  profilePicture: z.string().nullable(),
  isFacilitator: z.boolean(),
  dateJoined: z.string(),
  streak: z.number().int(),
  /** members: 'Add payment details' until a payment customer exists, then 'Manage payment details' */
  hasPaymentDetails: z.boolean(),
  /** an authenticator app is the second factor */
  authenticatorApp: z.boolean().default(false),
  /** facilitators: the bank-link state (Link Bank Account / Finish Linking Payment Details / Manage Payment Details) */
  payoutStatus: z.enum(PAYOUT_STATUSES).nullable(),
  /** GET app/profile: a member may turn themselves into a facilitator now (Settings shows the section) */
  mayBecomeFacilitator: z.boolean().optional(),
});
export type OwnProfileAnswer = z.infer<typeof OwnProfileAnswer>;

/** POST app/profile (the settings form). Password fields are left empty to keep the password. */
export const UpdateProfileRequest = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
    bio: z.string().trim().max(2000).default(''),
    facilitatorCategory: z.string().trim().max(80).optional(),
    profilePicture: z.string().max(500).nullable().optional(),
    twoFactorEnabled: z.boolean().default(false),
    password: z
      .union([
        z.literal(''),
        z.string().min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters'),
      ])
      .default(''),
    confirmPassword: z.string().max(128).default(''),
    currentPassword: z.string().max(1024).default(''),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PROFILE_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/**
 * POST app/me/become-facilitator: a member becomes a facilitator with the fields a facilitator's
 * profile shows (the admin's Facilitator form's rules); the answer is my account, now a facilitator.
 */
export const BecomeFacilitatorRequest = AdminFacilitatorForm.pick({ bio: true, facilitatorCategory: true });
export type BecomeFacilitatorRequest = z.input<typeof BecomeFacilitatorRequest>;

/** POST app/account/delete: the password confirms it is really me. */
export const DeleteAccountRequest = z.object({ password: z.string().min(1, 'Enter your password').max(1024) });

/** POST app/account/delete and the admin's account deletes. */
export const DeletedAccountAnswer = z.object({ deleted: z.literal(true) });

/**
 * GET app/account/export: when, my profile, and one list of rows per section (posts,
 * comments, subscriptions, messages, bookings...), named as the export names them.
 */
export const AccountExportAnswer = z.looseObject({ exportedAt: z.string(), profile: OwnProfileAnswer });

/** A profile's Plans tab (GET app/facilitator/{id|own}/tiers). */
export const ProfileTiersAnswer = z.array(TierAnswer);

/**
 * A profile's group lists (owned, joined): a page of groups; the next one's cursor comes in the
 * `next-cursor` header.
 */
export const ProfileGroupsQuery = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(GROUP_PAGE_SIZE),
});
export type ProfileGroupsQuery = z.infer<typeof ProfileGroupsQuery>;
