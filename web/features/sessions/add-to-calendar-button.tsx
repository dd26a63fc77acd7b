import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import type { SessionAnswer } from '@common/sessions/schemas';
import { Button } from '@web/components/button';
import { downloadIcs } from './download-ics';
import { SESSION_TEXTS } from './session-texts';

/** 'Add to calendar': downloads the session as an .ics file for any calendar app. */
export function AddToCalendarButton({ session, describedBy }: { session: SessionAnswer; describedBy?: string }) {
  return (
    <Button variant="secondary" size="sm" aria-describedby={describedBy} onClick={() => downloadIcs(session)}>
      <CalendarDaysIcon aria-hidden="true" className="size-4" />
      {SESSION_TEXTS.addToCalendar}
    </Button>
  );
}
