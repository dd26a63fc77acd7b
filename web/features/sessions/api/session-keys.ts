/** Every sessions query sits under `sessionsKey`, so a booking or an edit refreshes them all. */
export const sessionsKey = ['sessions'] as const;

/** A facilitator's week ('own' for the signed-in facilitator), keyed by the window's start. */
export const calendarKey = (facilitatorId: string, from: string, to: string) =>
  [...sessionsKey, 'calendar', facilitatorId, from, to] as const;

/** My upcoming booked sessions (GET app/user-sessions). */
export const userSessionsKey = [...sessionsKey, 'mine'] as const;
