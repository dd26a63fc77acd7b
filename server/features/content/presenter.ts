import type { Release } from '../../../common/content/release-order';
import type { ContentAnswer, ReleasedContentAnswer } from '../../../common/content/schemas';
import type { Content, User } from '../../db/schema';

export type ContentWithRefs = {
  content: Content;
  tierIds: string[];
  author: Pick<User, 'id' | 'name' | 'profilePicture'>;
};

export const presentContent = ({ content: c, tierIds, author }: ContentWithRefs): ContentAnswer => ({
  _id: c.id,
  title: c.title,
  description: c.description,
  thumbnail: c.thumbnail,
  media: c.media,
  fileType: c.fileType,
  contentType: c.contentType,
  tiers: tierIds,
  inPostQueue: c.inPostQueue,
  postNow: c.postNow,
  postedDate: c.postedDate ? c.postedDate.toISOString() : null,
  hitCount: c.hitCount,
  user: { _id: author.id, name: author.name, profilePicture: author.profilePicture },
  captions: c.captions,
  transcript: c.transcript,
  altText: c.altText,
});

/** Content with when it released to the member (null in the owner's view). */
export const presentReleased = (
  item: ContentWithRefs,
  release: Pick<Release, 'day' | 'queueDay'> | null,
): ReleasedContentAnswer => ({
  ...presentContent(item),
  release: release ? { day: release.day, queueDay: release.queueDay } : null,
});
