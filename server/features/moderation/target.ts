import { and, eq } from 'drizzle-orm';
import type { ReportTargetType } from '../../../common/moderation/schemas';
import type { Executor } from '../../db/client';
import { chatRoomUsers, comments, messages, posts, type User, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { canSeePost } from '../posts/service';

/** A reportable thing as moderation sees it: whose it is, where, what it says, whether it is hidden. */
export type Target = {
  type: ReportTargetType;
  id: string;
  authorId: string;
  groupId: string | null;
  text: string;
  createdAt: Date;
  hidden: boolean;
  link: string | null;
  /** a message's room, a comment's post: what visibility is decided on */
  roomId?: string;
  postGroupId?: string | null;
};

/** The item, or undefined when it is gone. */
export async function describeTarget(db: Executor, type: ReportTargetType, id: string): Promise<Target | undefined> {
  if (type === 'post') {
    const [p] = await db.select().from(posts).where(eq(posts.id, id));
    if (!p) return undefined;
    return {
      type,
      id,
      authorId: p.userId,
      groupId: p.groupId,
      text: p.text,
      createdAt: p.createdAt,
      hidden: p.hiddenAt !== null,
      link: `/post/${p.id}`,
    };
  }
  if (type === 'comment') {
    const [row] = await db
      .select({ c: comments, groupId: posts.groupId })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(eq(comments.id, id));
    if (!row) return undefined;
    const { c } = row;
    return {
      type,
      id,
      authorId: c.userId,
      groupId: row.groupId,
      text: c.text,
      createdAt: c.createdAt,
      hidden: c.hiddenAt !== null,
      link: `/post/${c.postId}`,
    };
  }
  if (type === 'message') {
    const [m] = await db.select().from(messages).where(eq(messages.id, id));
    if (!m) return undefined;
    return {
      type,
      id,
      authorId: m.userId,
      groupId: null,
      text: m.text,
      createdAt: m.createdAt,
      hidden: m.hiddenAt !== null,
      link: null,
      roomId: m.roomId,
    };
  }
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) return undefined;
  return {
    type,
    id,
    authorId: u.id,
    groupId: null,
    text: u.bio,
    createdAt: u.createdAt,
    hidden: false,
    link: `/profile/${u.id}`,
  };
}

/**
 * Whether the member can see the item they report: a post or comment they may read, a message in
 * a room they belong to, any profile.
 */
export async function isVisibleTo(ctx: AppContext, user: User, target: Target): Promise<boolean> {
  if (target.type === 'user') return true;
  if (target.type === 'message') {
    const [row] = await ctx.db
      .select({ userId: chatRoomUsers.userId })
      .from(chatRoomUsers)
      .where(and(eq(chatRoomUsers.roomId, target.roomId!), eq(chatRoomUsers.userId, user.id)));
    return row !== undefined && (!target.hidden || target.authorId === user.id);
  }
  return canSeePost(ctx, user, { groupId: target.groupId });
}
