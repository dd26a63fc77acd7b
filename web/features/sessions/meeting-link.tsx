import { ArrowTopRightOnSquareIcon } from '@heroicons/react/20/solid';
import clsx from 'clsx';
import { buttonStyles, type ButtonSize } from '@web/components/button-styles';
import { recordJoin } from './after/api/record-join';
import { SESSION_TEXTS } from './session-texts';

type MeetingLinkProps = {
  url: string;
  /** The id of the session's name, so the link is announced with it. */
  describedBy?: string;
  /** A button-like link, or an underlined text link for the narrow calendar columns. */
  look?: 'button' | 'text';
  size?: ButtonSize;
  className?: string;
  /** the booked session, so a click is recorded as joining it */
  sessionId?: string;
};

/** 'Open session link': the meeting, in a new tab, without handing it this page (noopener). */
export function MeetingLink({
  url,
  describedBy,
  look = 'button',
  size = 'sm',
  className,
  sessionId,
}: MeetingLinkProps) {
  return (
    <a
      href={url}
      onClick={sessionId ? () => recordJoin(sessionId) : undefined}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={describedBy}
      className={clsx(
        look === 'button'
          ? buttonStyles({ size })
          : clsx(
              'inline-flex min-h-6 items-center gap-1',
              'rounded text-xs font-semibold text-brand-800 underline underline-offset-2',
              'hover:text-brand-900',
            ),
        className,
      )}
    >
      {SESSION_TEXTS.openLink}
      <ArrowTopRightOnSquareIcon aria-hidden="true" className={look === 'button' ? 'size-4' : 'size-3.5 shrink-0'} />
    </a>
  );
}
