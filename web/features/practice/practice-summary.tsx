import { ClockIcon, FireIcon } from '@heroicons/react/24/outline';
import { formatEngagement, streakLine } from '@common/practice/streak';
import { skeletonBlock } from './practice-panels';
import { TasksProgress } from './tasks-progress';

type PracticeSummaryProps = {
  streak: number;
  /** Seconds over all my engagement, or where its loading stands. */
  engagementSeconds: number | 'loading' | 'failed';
  /** Today's items done / in total; undefined while today's list loads. */
  tasks: { completed: number; total: number } | undefined;
};

/** The streak line, total engagement time and the 'Tasks Completed' bar. */
export function PracticeSummary({ streak, engagementSeconds, tasks }: PracticeSummaryProps) {
  return (
    <div className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <FireIcon className="size-5" aria-hidden="true" />
        </span>
        <p className="text-sm font-medium text-stone-800">{streakLine(streak)}</p>
      </div>
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <ClockIcon className="size-5" aria-hidden="true" />
        </span>
        <p className="text-sm text-stone-600">
          Total engagement time{' '}
          {engagementSeconds === 'loading' ? (
            <span className={`${skeletonBlock} inline-block h-4 w-14 animate-pulse align-middle`}>
              <span className="sr-only">loading</span>
            </span>
          ) : (
            <strong className="font-semibold text-stone-900">
              {engagementSeconds === 'failed' ? 'unavailable' : formatEngagement(engagementSeconds)}
            </strong>
          )}
        </p>
      </div>
      <div className="sm:col-span-2">
        {tasks ? (
          <TasksProgress completed={tasks.completed} total={tasks.total} />
        ) : (
          // the height of TasksProgress (a 20 px line, an 8 px gap, a 10 px bar): nothing moves when it loads
          <div aria-hidden="true" className={`${skeletonBlock} h-[38px] animate-pulse`} />
        )}
      </div>
    </div>
  );
}
