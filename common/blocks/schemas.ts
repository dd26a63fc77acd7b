import { z } from 'zod';

/**
 * Blocking: a member blocks another member. Direct messages stop both ways, the blocked person's
 * posts and comments are collapsed for the blocker, and their hearts, comments, replies and
 * messages no longer notify the blocker. Content, the library and billing are never affected.
 */

/** POST/DELETE app/block/{id} and GET app/block/{id}: whether I block this person now. */
export const BlockStateAnswer = z.object({
  user: z.string(),
  blocked: z.boolean(),
});
export type BlockStateAnswer = z.infer<typeof BlockStateAnswer>;

/** One person I block, as Settings → Blocked people lists them. */
export const BlockedPerson = z.object({
  _id: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  isFacilitator: z.boolean(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof BlockedPerson>;

/** GET app/blocks: everyone I block, most recent first. */
export const BlockListAnswer = z.object({ blocked: z.array(BlockedPerson) });
export type BlockListAnswer = z.infer<typeof BlockListAnswer>;

/** The words the web shows about a block (one place, so the chat, profile and settings agree). */
export const BLOCK_TEXTS = {
  youBlocked: (name: string) => `You blocked ${name}. Unblock to message.`,
  cannotReply: "You can't reply to this conversation.",
  facilitatorNote:
    'Blocking only affects messages, posts, comments and notifications. Your subscription, your library and any refunds stay exactly as they are.',
  collapsedPost: 'Post from someone you blocked',
  collapsedComment: 'Comment from someone you blocked',
} as const;
