import clsx from 'clsx';
import type { ContentAnswer } from '@common/content/schemas';
import { CONTENT_TYPE_DISPLAY } from '@web/components/content-types';
import { ContentThumbnail } from './content-kinds';
import type { EngagementByContent } from './engagement';
import { MarkDoneToggle } from './engagement-toggles';

type TodaysPracticesProps = {
  contents: ContentAnswer[];
  engagement: EngagementByContent;
  onOpen: (content: ContentAnswer) => void;
  labelledBy: string;
};

/** Today's practices with a 'Mark Done' column; a row opens the content item modal. */
export function TodaysPractices({ contents, engagement, onOpen, labelledBy }: TodaysPracticesProps) {
  return (
    <table aria-labelledby={labelledBy} className="w-full table-fixed border-separate border-spacing-0">
      <thead>
        <tr className="text-left text-xs font-semibold tracking-wide text-stone-500 uppercase">
          <th scope="col" className="border-b border-stone-200 px-4 pb-2 sm:px-5">
            Practice
          </th>
          <th scope="col" className="w-24 border-b border-stone-200 px-2 pb-2 text-center sm:w-28">
            Mark Done
          </th>
        </tr>
      </thead>
      <tbody>
        {contents.map((content, index) => {
          const done = engagement.get(content._id)?.isComplete ?? false;
          const border = index > 0 && 'border-t border-stone-100';
          return (
            <tr key={content._id}>
              <td className={clsx(border, 'p-0')}>
                <button
                  type="button"
                  onClick={() => onOpen(content)}
                  className={clsx(
                    'flex w-full items-center gap-3 px-4 py-3',
                    'text-left',
                    'hover:bg-stone-50 focus-visible:-outline-offset-2',
                    'sm:px-5',
                  )}
                >
                  <ContentThumbnail content={content} size="xs" className="size-12 shrink-0 rounded-lg" />
                  <span className="min-w-0">
                    <span className={clsx('block truncate font-medium', done ? 'text-stone-500' : 'text-stone-900')}>
                      {content.title}
                    </span>
                    <span className="block truncate text-xs text-stone-500">
                      {CONTENT_TYPE_DISPLAY[content.contentType].label} · {content.user.name}
                    </span>
                  </span>
                </button>
              </td>
              <td className={clsx(border, 'px-2 text-center')}>
                <MarkDoneToggle content={content} on={done} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
