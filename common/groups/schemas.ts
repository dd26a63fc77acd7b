import { z } from 'zod';
export { GROUP_MESSAGES } from './messages';

export const TagAnswer = z.object({ _id: z.string(), text: z.string() });

export const MEMBERSHIP_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const MembershipStatus = z.enum(MEMBERSHIP_STATUSES);

/** Group as lists and pages show it; `members` is the approved member count. */
export const GroupAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  coverPhoto: z.string().nullable(),
  thumbnail: z.string().nullable(),
  owner: z.object({ _id: z.string(), name: z.string(), profilePicture: z.string().nullable() }),
  members: z.number().int(),
  isPrivate: z.boolean(),
  isHidden: z.boolean(),
  allowAnonymous: z.boolean(),
  memberCap: z.number().int().nullable(),
  tags: z.array(z.string()),
  /** the caller's membership: none, or its status */
  membershipStatus: z.enum(['none', ...MEMBERSHIP_STATUSES]),
  isOwner: z.boolean(),
  isFull: z.boolean(),
});
export type GroupAnswer = z.infer<typeof GroupAnswer>;

/** Groups a list page shows; the next page's cursor comes in the `next-cursor` header (absent at the end). */
export const GROUP_PAGE_SIZE = 60;

export const GroupListQuery = z.object({
  tab: z.enum(['explore', 'mine']).default('explore'),
  /** matched literally, case-insensitively, against name, tag text and description */
  search: z.string().max(100).optional(),
  /** the `next-cursor` header of the page before (platform/keyset) */
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(GROUP_PAGE_SIZE),
});

export const GroupListAnswer = z.array(GroupAnswer);
export const TagListAnswer = z.array(TagAnswer);
export const MembershipRequestListAnswer = z.array(z.lazy(() => MembershipRequestAnswer));
/** DELETE app/leave-group/{id} */
export const LeftGroupAnswer = z.object({ left: z.literal(true) });

export const SaveGroupRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  description: z.string().trim().max(5000).default(''),
  category: z.string().trim().max(80).default(''),
  coverPhoto: z.string().max(500).nullable().optional(),
  thumbnail: z.string().max(500).nullable().optional(),
  isPrivate: z.boolean().default(false),
  isHidden: z.boolean().default(false),
  allowAnonymous: z.boolean().default(false),
  memberCap: z.coerce.number().int().min(1, 'At least 1 member').max(100_000).nullable().optional(),
  tags: z.array(z.string().uuid()).max(20).default([]),
});
export type SaveGroupRequest = z.infer<typeof SaveGroupRequest>;

export const JoinGroupRequest = z.object({ text: z.string().trim().max(1000).default('') });
export const UpdateRequestRequest = z.object({ status: z.enum(['approved', 'rejected']) });

export const MembershipRequestAnswer = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  status: MembershipStatus,
  requestText: z.string(),
});

/** POST app/join-group/{id} and POST app/update-request/{id}: the membership's new status. */
export const MembershipAnswer = z.object({ _id: z.string(), status: MembershipStatus });
export type MembershipAnswer = z.infer<typeof MembershipAnswer>;

export const GroupPerson = z.object({ _id: z.string(), name: z.string(), profilePicture: z.string().nullable() });
export type GroupPerson = z.infer<typeof GroupPerson>;

/** GET app/group-details/{id}: the member view (approved members, the owner and admins). */
export const GroupDetailsAnswer = z.object({
  group: GroupAnswer,
  membershipRequest: z.object({ _id: z.string(), status: MembershipStatus, requestText: z.string() }).nullable(),
  /** the first approved members (3 previewed) */
  members: z.array(GroupPerson),
  memberCount: z.number().int(),
  groupOwner: GroupPerson,
});
export type GroupDetailsAnswer = z.infer<typeof GroupDetailsAnswer>;
