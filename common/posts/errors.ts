import type { ErrorCatalogue } from '../error-protocol';
import { EMPTY_POST, NO_ANONYMOUS_POSTS } from './messages';

/** The error codes of posts and comments calls and the text shown for each (see common/errors.ts). */
export const POSTS_ERRORS = {
  post_not_found: 'Post not found',
  comment_not_found: 'Comment not found',
  group_posts_members_only: 'You can only post in groups you belong to',
  no_anonymous_posts: NO_ANONYMOUS_POSTS,
  own_uploads_only: 'You can only attach your own uploads',
  empty_post: EMPTY_POST,
  author_only_edit: 'Only the author can edit this',
  author_only_remove: 'Only the author can remove this post',
  reply_target_missing: 'The comment you are replying to is no longer there.',
  comment_listed_twice: 'A comment is listed twice.',
  comment_not_on_post: 'One of the comments is not on this post any more. Reload and try again.',
} as const satisfies ErrorCatalogue;
