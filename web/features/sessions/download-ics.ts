import { icsFileName, sessionToIcs } from '@common/sessions/ics';
import type { SessionAnswer } from '@common/sessions/schemas';

/** Saves the session as {session-name-slug}.ics, built here in the browser (no server call). */
export function downloadIcs(session: SessionAnswer) {
  const ics = sessionToIcs(session, { now: new Date(), origin: window.location.origin });
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = icsFileName(session.name);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
