import { PlayCircleIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import type { SessionRecordingLink } from '@common/sessions/recording/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { AFTER_TEXTS } from './after-texts';

/** Where a member watches a recording: their library, which holds it once it is theirs. */
export const RECORDING_HREF = '/past-practices';

/** "Watch the recording" on a booked member's session (the dialog and their sessions list). */
export function WatchRecordingLink({ recording }: { recording: SessionRecordingLink }) {
  return (
    <Link
      to={RECORDING_HREF}
      aria-label={AFTER_TEXTS.watchRecordingOf(recording.title)}
      className={buttonStyles({ size: 'sm', variant: 'secondary' })}
    >
      <PlayCircleIcon aria-hidden="true" className="size-4" />
      {AFTER_TEXTS.watchRecording}
    </Link>
  );
}
