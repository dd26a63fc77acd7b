import type { ContentAnswer, ReleasedContentAnswer } from '@common/content/schemas';
import { ContentThumbnail, ContentTypeBadge } from './content-kinds';
import type { EngagementByContent } from './engagement';
import { FavouriteToggle, MarkDoneToggle } from './engagement-toggles';
import { ReleaseDay } from './release-day';

type ContentCardsProps = {
  /** In the order given: the server answers release order. */
  contents: ReleasedContentAnswer[];
  engagement: EngagementByContent;
  onOpen: (content: ContentAnswer) => void;
  'aria-label'?: string;
  /** 'ol' where the order is the point (a course's lessons). */
  as?: 'ul' | 'ol';
};

/** Content items as cards with mark-done and favourite actions (Past practices, Courses). */
export function ContentCards({
  contents,
  engagement,
  onOpen,
  'aria-label': ariaLabel,
  as: List = 'ul',
}: ContentCardsProps) {
  return (
    <List aria-label={ariaLabel} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {contents.map((content) => {
        const record = engagement.get(content._id);
        return (
          <li
            key={content._id}
            className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
          >
            <button
              type="button"
              onClick={() => onOpen(content)}
              className="group flex flex-1 flex-col text-left hover:bg-stone-50 focus-visible:-outline-offset-2"
            >
              <ContentThumbnail content={content} size="sm" className="aspect-[2/1] w-full sm:aspect-video" />
              <span className="flex flex-1 flex-col gap-2 p-4">
                <span className="line-clamp-2 font-semibold break-words text-stone-900 group-hover:text-brand-800">
                  {content.title}
                </span>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500">
                  <ContentTypeBadge type={content.contentType} />
                  <span className="truncate">{content.user.name}</span>
                </span>
                <ReleaseDay release={content.release} className="text-xs text-stone-500" />
              </span>
            </button>
            <div className="flex items-center justify-between border-t border-stone-100 px-2 py-1">
              <MarkDoneToggle content={content} on={record?.isComplete ?? false} showLabel />
              <FavouriteToggle content={content} on={record?.isFavourite ?? false} showLabel />
            </div>
          </li>
        );
      })}
    </List>
  );
}
