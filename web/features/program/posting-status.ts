import { parseISO } from 'date-fns';
import { dateText, timeText } from '@web/components/dates';
import type { ContentAnswer, SchedulingMode } from '@common/content/schemas';

/** Dates as MM/dd/yyyy; times in 24-hour hh:mm. */
export const formatPostedDate = (iso: string) => {
  return Number.isNaN(Date.parse(iso)) ? iso : `${dateText(iso)} at ${timeText(iso)}`;
};

type Posting = Pick<ContentAnswer, 'inPostQueue' | 'postNow' | 'postedDate'>;

/** How an item reaches members, in a few words: 'Posted 05/01/2025 at 09:00', 'In the queue'... */
export function postingStatus(content: Posting, now = new Date()): string {
  if (content.postedDate) {
    const when = formatPostedDate(content.postedDate);
    return parseISO(content.postedDate) > now ? `Scheduled for ${when}` : `Posted ${when}`;
  }
  if (content.postNow) return 'Posted';
  if (content.inPostQueue) return 'In the queue';
  return 'Not scheduled yet';
}

/** The scheduling choice is offered only for new content or content with no posted date. */
export const canChooseScheduling = (content: Posting | undefined) => !content?.postedDate;

/** The mode an item is in now; new content defaults to the post queue. */
export function schedulingModeOf(content: Posting | undefined): SchedulingMode {
  if (content?.postNow) return 'now';
  if (content?.postedDate) return 'schedule';
  return 'queue';
}

/** The three modes are exclusive; the chosen one sets its flag and clears the others. */
export function schedulingFlags(mode: SchedulingMode, postedDate: string | null) {
  return {
    inPostQueue: mode === 'queue',
    postNow: mode === 'now',
    postedDate: mode === 'schedule' ? postedDate : null,
  };
}
