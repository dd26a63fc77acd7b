/** The query parameters of a link to one session in its facilitator's calendar. */
export const SESSION_LINK_PARAMS = { session: 'session', at: 'at' } as const;

/**
 * A session in its facilitator's calendar (the profile's Sessions tab): the calendar opens at the
 * session's week and shows its details, where a member books, pays for a place held for them or
 * joins the waitlist. Mails, notifications and pushes about one session link here.
 */
export function sessionCalendarPath(session: { id: string; facilitatorId: string; startTime: Date | string }) {
  const at = typeof session.startTime === 'string' ? session.startTime : session.startTime.toISOString();
  const query = new URLSearchParams({
    tab: 'sessions',
    [SESSION_LINK_PARAMS.session]: session.id,
    [SESSION_LINK_PARAMS.at]: at,
  });
  return `/profile/${session.facilitatorId}?${query}`;
}
