import { z } from 'zod';
import { AltText } from '../uploads/text-alternatives';
import { EMPTY_POST } from './messages';

/** A feed card shows at most this many of a post's photos. */
export const POST_PHOTOS_SHOWN = 4;
/** A post carries at most this many photos. */
export const POST_PHOTOS_MAX = 4;
export const TOO_MANY_PHOTOS = `A post can have up to ${POST_PHOTOS_MAX} photos`;
export const SEARCH_TEXT_MAX = 100;
export const POST_TEXT_MAX = 5000;
export const COMMENT_TEXT_MAX = 2000;
export const FEED_PAGE_SIZE = 20;

export const PostAuthor = z.object({
  _id: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  isFacilitator: z.boolean(),
});

/** Post as feeds show it: `comments` is a count, `hearts` the user ids. */
export const PostAnswer = z.object({
  _id: z.string(),
  user: PostAuthor,
  text: z.string(),
  /** an uploaded media file key (app/upload), shown through a signed URL */
  media: z.string().nullable(),
  mediaType: z.enum(['audio', 'video', 'image', 'document']).nullable(),
  /** image paths (the image host), up to 4 shown */
  photos: z.array(z.string()),
  /** The author's alt text per photo, by position ('' where none was written) */
  photoAlts: z.array(z.string()).optional(),
  postedDate: z.string(),
  hits: z.number().int(),
  hearts: z.array(z.string()),
  comments: z.number().int(),
  group: z.string().nullable(),
  /** posted anonymously: `user` is ANONYMOUS_AUTHOR for everyone but the author and admins */
  anonymous: z.boolean().default(false),
  /** the author changed the text after posting (shown as 'edited') */
  edited: z.boolean().default(false),
  /** present (true) only when the viewer blocks the author: the post is shown collapsed */
  authorBlocked: z.literal(true).optional(),
  /** hidden pending review or by a moderator: only its author, the group's moderators and admins see it */
  hidden: z.boolean().optional(),
});
export type PostAnswer = z.infer<typeof PostAnswer>;

/** Who an anonymous post shows as. */
export const ANONYMOUS_AUTHOR = {
  _id: 'anonymous',
  name: 'Anonymous member',
  profilePicture: null,
  isFacilitator: false,
} as const;

/** A feed page; `next` is the keyset cursor for the following page, null at the end. */
export const FeedAnswer = z.object({ posts: z.array(PostAnswer), next: z.string().nullable() });
export type FeedAnswer = z.infer<typeof FeedAnswer>;
export const FeedQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(FEED_PAGE_SIZE),
});

/** GET app/get-group-posts/{id}: a feed page of one group's discussion, optionally searched. */
export const GroupPostsQuery = FeedQuery.extend({
  /** matched literally and case-insensitively against the post text and the author's name */
  search: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
});

/**
 * GET app/search-posts?q=: inspiration posts whose text holds `q` (literally, any case), newest
 * first, keyset-paged like the feed.
 */
export const SearchPostsQuery = FeedQuery.extend({
  q: z.string().trim().min(1, 'Type something to search for').max(SEARCH_TEXT_MAX),
});

export const CommentAnswer = z.object({
  _id: z.string(),
  user: PostAuthor,
  text: z.string(),
  postedDate: z.string(),
  /** the top-level comment this one replies to (one level of threading), null for a top-level comment */
  parent: z.string().nullable().default(null),
  edited: z.boolean().default(false),
  /** present (true) only when the viewer blocks the author: the comment is shown collapsed */
  authorBlocked: z.literal(true).optional(),
  /** hidden pending review or by a moderator: only its author, the group's moderators and admins see it */
  hidden: z.boolean().optional(),
});
export type CommentAnswer = z.infer<typeof CommentAnswer>;

/** Top-level comments per page of a post's conversation (each comes with all its replies). */
export const COMMENTS_PAGE_SIZE = 50;

/**
 * GET app/view-post/{id}: the post and its newest comments, oldest first (a post with
 * 1,000 comments answers a page, not all of them); `earlierComments` is the cursor of the page
 * before for GET app/post/{id}/comments, null when these are all.
 */
export const ViewPostAnswer = z.object({
  post: PostAnswer,
  comments: z.array(CommentAnswer),
  earlierComments: z.string().nullable().default(null),
});
export type ViewPostAnswer = z.infer<typeof ViewPostAnswer>;

/** GET app/post/{id}/comments?cursor=: the page of comments before `cursor` (earlierComments). */
export const PostCommentsQuery = z.object({
  cursor: z.string().max(200),
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE_SIZE).default(COMMENTS_PAGE_SIZE),
});
export const PostCommentsAnswer = z.object({
  comments: z.array(CommentAnswer),
  earlierComments: z.string().nullable(),
});
export type PostCommentsAnswer = z.infer<typeof PostCommentsAnswer>;

export const CreatePostRequest = z
  .object({
    text: z.string().trim().max(POST_TEXT_MAX).default(''),
    media: z.string().max(200).nullable().optional(),
    photos: z.array(z.string().max(500)).max(POST_PHOTOS_MAX, TOO_MANY_PHOTOS).default([]),
    /** alt text for each photo, by position; '' or missing falls back to a generic text */
    photoAlts: z.array(AltText).max(POST_PHOTOS_MAX, TOO_MANY_PHOTOS).default([]),
    group: z.string().uuid().nullable().optional(),
    /** only in a group that allows anonymous posts */
    anonymous: z.boolean().default(false),
  })
  .refine((p) => p.text.length > 0 || Boolean(p.media) || p.photos.length > 0, {
    message: EMPTY_POST,
    path: ['text'],
  })
  .refine((p) => p.photoAlts.length <= p.photos.length, {
    message: 'Alt text needs a photo to describe',
    path: ['photoAlts'],
  });
export type CreatePostRequest = z.infer<typeof CreatePostRequest>;

const CommentText = z.string().trim().min(1, 'Write a comment').max(COMMENT_TEXT_MAX);

/** POST app/create-comment/{id}: `replyTo` answers a comment of the same post (a reply to a reply joins its thread). */
export const CreateCommentRequest = z.object({
  commentText: CommentText,
  replyTo: z.string().uuid().nullable().optional(),
});
export type CreateCommentRequest = z.infer<typeof CreateCommentRequest>;

/** POST app/edit-post/{id}: the author's new text (a post with media or photos may have none). */
export const EditPostRequest = z.object({ text: z.string().trim().max(POST_TEXT_MAX) });
export type EditPostRequest = z.infer<typeof EditPostRequest>;

/** POST app/edit-comment/{id}: the author's new text; answers the CommentAnswer. */
export const EditCommentRequest = z.object({ commentText: CommentText });

export const HeartAnswer = z.object({ hearts: z.array(z.string()), hearted: z.boolean() });
export const HitsAnswer = z.object({ hits: z.number().int() });
