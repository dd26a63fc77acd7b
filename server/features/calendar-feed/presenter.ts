import type { CalendarFeedAnswer } from '../../../common/calendar-feed/schemas';
import { feedUrls } from '../../../common/calendar-feed/schemas';
import type { CalendarFeed } from '../../db/schema';
import { openSecret } from '../../platform/secrets';
import { canSeeBooker, canSeeMeetingLink } from '../sessions/policy';
import type { FeedEvent } from './feed-ics';
import type { FeedSessionRow } from './feed-sessions';

/** Settings → Calendar feed: my feed's address in both forms, or nothing while it is off. */
export function presentCalendarFeed(
  feed: CalendarFeed | undefined,
  config: { publicUrl: string; appSecret: string },
): CalendarFeedAnswer {
  if (!feed) return { enabled: false, url: null, webcalUrl: null, createdAt: null };
  const token = openedToken(feed.tokenSealed, config.appSecret);
  // sealed under an app secret since replaced: the feed works, but only a new address can be shown
  const urls = token ? feedUrls(config.publicUrl, token) : { url: null, webcalUrl: null };
  return { enabled: true, ...urls, createdAt: feed.createdAt.toISOString() };
}

function openedToken(sealed: string, appSecret: string) {
  try {
    return openSecret(appSecret, sealed);
  } catch {
    return null;
  }
}

/**
 * A feed's sessions as its owner may see them: the meeting link and who booked follow the
 * sessions' own rules (sessions/policy.ts), with the owner as the viewer.
 */
export function presentFeedEvents(ownerId: string, rows: FeedSessionRow[], publicUrl: string): FeedEvent[] {
  const origin = publicUrl.replace(/\/+$/, '');
  return rows.map((row) => {
    const slot = { facilitatorId: row.facilitatorId, myBooking: row.bookedByOwner ? ('booked' as const) : null };
    const viewer = { id: ownerId };
    const meetingUrl = !row.cancelled && canSeeMeetingLink(viewer, slot) ? row.meetingUrl : null;
    const who = canSeeBooker(viewer, slot)
      ? row.bookerNames.length > 0
        ? `Booked by ${row.bookerNames.join(', ')}`
        : 'Not booked yet'
      : `With ${row.facilitatorName}`;
    const description = row.cancelled
      ? 'This session was cancelled.'
      : [row.description.trim(), who, meetingUrl ? `Join: ${meetingUrl}` : ''].filter(Boolean).join('\n\n');
    return {
      sessionId: row.id,
      summary: row.name,
      description,
      start: row.startTime,
      end: row.endTime,
      sequence: row.sequence,
      modifiedAt: row.modifiedAt,
      cancelled: row.cancelled,
      location: meetingUrl,
      // the facilitator's calendar, where the session is seen (as the `.ics` download links)
      url: `${origin}/profile/${encodeURIComponent(row.facilitatorId)}`,
    };
  });
}
