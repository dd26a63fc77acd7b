import { z } from 'zod';
import { Email, PersonName, Username } from '../auth/schemas';
import { COMMENT_TEXT_MAX, POST_TEXT_MAX } from '../posts/schemas';
import { BillingInterval } from '../tiers/intervals';
import { TierPrice } from '../tiers/schemas';
export { ADMIN_MESSAGES } from './messages';

// What the admin screens send and read: their lists (paged, sorted and searched on the server),
// the generic form calls and the audit log.

/** Table page sizes; the default is the first. */
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
/** The largest page a server list answers (CSV export walks the pages with it). */
export const MAX_PAGE_LIMIT = 500;

/**
 * A server-paged list (users, facilitators, a group's posts): keyset pages, sorted on the server.
 * `after` asks for the page after a row's cursor, `before` for the page before it; none = first page.
 */
export const serverListQuery = <S extends readonly [string, ...string[]]>(sortKeys: S) =>
  z
    .object({
      limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(PAGE_SIZES[0]),
      sort: z.enum(sortKeys).optional(),
      dir: z.enum(['asc', 'desc']).default('asc'),
      // a cursor is a row's sort values as base64url JSON: a 254-character email and two more parts pass 400
      after: z.string().max(2000).optional(),
      before: z.string().max(2000).optional(),
      search: z.string().trim().max(100).optional(),
    })
    .refine((q) => !(q.after && q.before), { message: 'Send after or before, not both', path: ['before'] });

/** A page of a server-paged list: `total` rows match; the cursors are null at either end. */
export const serverPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  });
export type ServerPage<T> = { items: T[]; total: number; nextCursor: string | null; prevCursor: string | null };
export type ServerListQuery<S extends string = string> = {
  limit: number;
  sort?: S;
  dir: 'asc' | 'desc';
  after?: string;
  before?: string;
  search?: string;
};

// ---- users and facilitators ------------------------------------------------------------------

/**
 * GET admin/user: sorted by email, username or the facilitator flag; unsorted = newest first. No
 * search: the Users screen has no search box.
 */
export const USER_SORT_KEYS = ['email', 'username', 'isFacilitator'] as const;
export const AdminUserListQuery = serverListQuery(USER_SORT_KEYS);
/** The admin list reads _id, email, username and isFacilitator. */
export const AdminUserRow = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string(),
  isFacilitator: z.boolean(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUserPage = serverPage(AdminUserRow);

/** GET admin/facilitator: the same page, facilitators only, searchable on email, username and name. */
export const FACILITATOR_SORT_KEYS = ['email', 'username'] as const;
export const AdminFacilitatorListQuery = serverListQuery(FACILITATOR_SORT_KEYS);
export const AdminFacilitatorRow = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
});
export type AdminFacilitatorRow = z.infer<typeof AdminFacilitatorRow>;
export const AdminFacilitatorPage = serverPage(AdminFacilitatorRow);

const accountFields = {
  name: PersonName,
  username: Username,
  email: Email,
  bio: z.string().trim().max(2000).default(''),
  profilePicture: z.string().max(500).nullable().optional(),
  emailConfirmed: z.boolean().default(false),
  twoFactorEnabled: z.boolean().default(false),
};

/** GET / POST admin/user[/{id}]: the Manage User form. A new user is mailed a link to set a password. */
export const AdminUserForm = z.object({
  ...accountFields,
  isAdmin: z.boolean().default(false),
  isFacilitator: z.boolean().default(false),
});
export type AdminUserForm = z.infer<typeof AdminUserForm>;
export type AdminUserFormInput = z.input<typeof AdminUserForm>;
export const AdminUserAnswer = AdminUserForm.extend({ _id: z.string(), profilePicture: z.string().nullable() });
export type AdminUserAnswer = z.infer<typeof AdminUserAnswer>;

/** GET / POST admin/facilitator[/{id}]: the Facilitator form. */
export const AdminFacilitatorForm = z.object({
  ...accountFields,
  facilitatorCategory: z.string().trim().max(80).default(''),
});
export type AdminFacilitatorForm = z.infer<typeof AdminFacilitatorForm>;
export type AdminFacilitatorFormInput = z.input<typeof AdminFacilitatorForm>;
export const AdminFacilitatorAnswer = AdminFacilitatorForm.extend({
  _id: z.string(),
  profilePicture: z.string().nullable(),
});
export type AdminFacilitatorAnswer = z.infer<typeof AdminFacilitatorAnswer>;

// ---- tiers -----------------------------------------------------------------------------------

/** GET admin/facilitator/{id}/tiers: every tier of the facilitator, price in dollars. */
export const AdminTierRow = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  type: z.enum(['subscription', 'single']),
  /** how often a subscription bills ('month' for a course) */
  interval: BillingInterval,
  published: z.boolean(),
});
export type AdminTierRow = z.infer<typeof AdminTierRow>;

/** GET / POST admin/tier/{id}: the admin Tier form (tiers are created by their facilitator). */
export const AdminTierForm = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  price: TierPrice,
  description: z.string().trim().max(5000).default(''),
  thumbnail: z.string().max(500).nullable().optional(),
});
export type AdminTierForm = z.infer<typeof AdminTierForm>;
export type AdminTierFormInput = z.input<typeof AdminTierForm>;
export const AdminTierAnswer = AdminTierForm.extend({
  _id: z.string(),
  thumbnail: z.string().nullable(),
  /** whose tier it is (the form's Back link and heading) */
  facilitator: z.object({ _id: z.string(), name: z.string() }),
  /** once bought, the price is fixed */
  priceLocked: z.boolean(),
  /** set by the facilitator, shown beside the price: the interval never changes, the trial is theirs to edit */
  type: z.enum(['subscription', 'single']),
  interval: BillingInterval,
  trialDays: z.number().int(),
});
export type AdminTierAnswer = z.infer<typeof AdminTierAnswer>;

// ---- groups and posts --------------------------------------------------------------------------

/** GET admin/group: every group, hidden ones included. */
export const AdminGroupRow = z.object({
  _id: z.string(),
  name: z.string(),
  owner: z.object({ _id: z.string(), name: z.string() }),
  members: z.number().int(),
});
export type AdminGroupRow = z.infer<typeof AdminGroupRow>;

/** GET admin/group/{id}: the Group form values (the same fields as the community form; tags are tag ids). */
export const AdminGroupAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  thumbnail: z.string().nullable(),
  coverPhoto: z.string().nullable(),
  description: z.string(),
  isPrivate: z.boolean(),
  isHidden: z.boolean(),
  allowAnonymous: z.boolean(),
  tags: z.array(z.string()),
  memberCap: z.number().int().nullable(),
  owner: z.object({ _id: z.string(), name: z.string() }),
});
export type AdminGroupAnswer = z.infer<typeof AdminGroupAnswer>;
// POST admin/group[/{id}] takes SaveGroupRequest from common/groups/schemas (a new group is owned by the admin).

/**
 * GET admin/group/{id}/posts: sorted by date posted (the default, newest first), hits, hearts or
 * comments; searchable on the text.
 */
export const POST_SORT_KEYS = ['postedDate', 'hits', 'hearts', 'comments'] as const;
export const AdminPostListQuery = serverListQuery(POST_SORT_KEYS);
export const AdminPostRow = z.object({
  _id: z.string(),
  text: z.string(),
  author: z.object({ _id: z.string(), name: z.string() }),
  postedDate: z.string(),
  hits: z.number().int(),
  hearts: z.number().int(),
  comments: z.number().int(),
});
export type AdminPostRow = z.infer<typeof AdminPostRow>;
export const AdminPostPage = serverPage(AdminPostRow);

export const AdminCommentAnswer = z.object({
  _id: z.string(),
  text: z.string(),
  author: z.object({ _id: z.string(), name: z.string(), username: z.string() }),
  postedDate: z.string(),
});
export type AdminCommentAnswer = z.infer<typeof AdminCommentAnswer>;

/** GET admin/post/{id}: the Post form (counts are read-only). */
export const AdminPostAnswer = z.object({
  _id: z.string(),
  text: z.string(),
  media: z.string().nullable(),
  mediaType: z.enum(['audio', 'video', 'image', 'document']).nullable(),
  hits: z.number().int(),
  hearts: z.number().int(),
  commentCount: z.number().int(),
  comments: z.array(AdminCommentAnswer),
  author: z.object({ _id: z.string(), name: z.string() }),
  group: z.object({ _id: z.string(), name: z.string() }).nullable(),
  postedDate: z.string(),
});
export type AdminPostAnswer = z.infer<typeof AdminPostAnswer>;

/** POST admin/post/{id}: text, media and the comments' texts (comments not sent are left as they are). */
export const AdminPostForm = z.object({
  text: z.string().trim().max(POST_TEXT_MAX).default(''),
  media: z.string().max(200).nullable().optional(),
  comments: z
    .array(
      z.object({
        _id: z.string().uuid(),
        text: z.string().trim().min(1, 'A comment cannot be empty').max(COMMENT_TEXT_MAX),
      }),
    )
    .max(5000)
    .default([]),
});
export type AdminPostForm = z.infer<typeof AdminPostForm>;
export type AdminPostFormInput = z.input<typeof AdminPostForm>;

// ---- tags and the audit log ----------------------------------------------------------------------

export const SaveTagRequest = z.object({
  text: z.string().trim().min(1, 'Tag is required').max(40, 'At most 40 characters'),
});
export type SaveTagRequest = z.infer<typeof SaveTagRequest>;

export const AdminTagAnswer = z.object({ _id: z.string(), text: z.string() });
export type AdminTagAnswer = z.infer<typeof AdminTagAnswer>;

/** GET admin/audit: who changed what, when (newest first). */
export const AuditEntryAnswer = z.object({
  _id: z.string(),
  admin: z.object({ _id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** what the target is called now, or what the entry recorded when it is gone */
  targetName: z.string().nullable().default(null),
  /** id -> name for the ids the entry mentions (target and details), where the row still exists */
  names: z.record(z.string(), z.string()).default({}),
  details: z.record(z.string(), z.unknown()),
  date: z.string(),
});
export type AuditEntryAnswer = z.infer<typeof AuditEntryAnswer>;
/** Older entries: the page after `cursor`, the `next-cursor` header of the page before (platform/keyset). */
export const AuditQuery = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
