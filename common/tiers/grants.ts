import { z } from 'zod';
import { Id } from '../params';

/**
 * POST app/tier/{id}/grants: complimentary access to the tier, for an account (by id, or by the
 * email of an existing account) or for an address nobody registered yet; until a moment or, with
 * `until` null, for good.
 */
export const CreateGrantRequest = z
  .object({
    memberId: Id.optional(),
    email: z.string().trim().toLowerCase().email('Enter an email address').max(254).optional(),
    until: z.string().datetime({ offset: true }).nullable().default(null),
    note: z.string().trim().max(500).default(''),
  })
  .refine((g) => (g.memberId === undefined) !== (g.email === undefined), {
    message: 'Choose a member or enter an email address',
  });
export type CreateGrantRequest = z.input<typeof CreateGrantRequest>;

export const GRANT_STATUSES = ['active', 'waiting', 'expired', 'revoked'] as const;

/** One grant of a tier, as its facilitator sees it. */
export const TierGrantAnswer = z.object({
  _id: z.string(),
  tierId: z.string(),
  member: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** the address a waiting grant is for (null once an account holds it) */
  email: z.string().nullable(),
  note: z.string(),
  /** ISO; null: for good */
  until: z.string().nullable(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** waiting: for an address nobody registered yet */
  status: z.enum(GRANT_STATUSES),
});
export type TierGrantAnswer = z.infer<typeof TierGrantAnswer>;

export const TierGrantsAnswer = z.object({ grants: z.array(TierGrantAnswer) });
export type TierGrantsAnswer = z.infer<typeof TierGrantsAnswer>;

export const GrantParams = z.object({ id: Id, grantId: Id });
