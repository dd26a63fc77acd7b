import type { AdminGroupAnswer, AdminGroupRow, AdminPostAnswer, AdminPostRow } from '../../../common/admin/schemas';
import type { Group, Post } from '../../db/schema';
import type { adminPostFacts } from '../posts/queries';

/** A row of the admin groups list. */
export const presentAdminGroupRow = (r: {
  _id: string;
  name: string;
  ownerId: string;
  ownerName: string;
  members: number;
}): AdminGroupRow => ({ _id: r._id, name: r.name, owner: { _id: r.ownerId, name: r.ownerName }, members: r.members });

/** The admin Group form. */
export const presentAdminGroup = (
  group: Group,
  facts: { owner: { _id: string; name: string }; tags: string[] },
): AdminGroupAnswer => ({
  _id: group.id,
  name: group.name,
  category: group.category,
  thumbnail: group.thumbnail,
  coverPhoto: group.coverPhoto,
  description: group.description,
  isPrivate: group.isPrivate,
  isHidden: group.isHidden,
  allowAnonymous: group.allowAnonymous,
  tags: facts.tags,
  memberCap: group.memberCap,
  owner: facts.owner,
});

/** A row of a group's posts in the admin table. */
export const presentAdminPostRow = ({
  authorId,
  authorName,
  createdAt,
  ...p
}: Omit<AdminPostRow, 'author' | 'postedDate'> & { authorId: string; authorName: string; createdAt: Date }) => ({
  ...p,
  author: { _id: authorId, name: authorName },
  postedDate: createdAt.toISOString(),
});

/** The admin Post form (counts are read-only). */
export const presentAdminPost = (post: Post, facts: Awaited<ReturnType<typeof adminPostFacts>>): AdminPostAnswer => ({
  _id: post.id,
  text: post.text,
  media: post.media,
  mediaType: post.mediaType,
  hits: post.hits,
  hearts: post.heartCount,
  commentCount: facts.comments.length,
  comments: facts.comments.map((c) => ({
    _id: c._id,
    text: c.text,
    author: { _id: c.authorId, name: c.authorName, username: c.authorUsername },
    postedDate: c.createdAt.toISOString(),
  })),
  author: facts.author,
  group: facts.group,
  postedDate: post.createdAt.toISOString(),
});
