import { ArrowPathIcon } from '@heroicons/react/20/solid';
import type { SessionAnswer } from '@common/sessions/schemas';

/** A small repeat icon on the slot of a session that is part of a series, named for screen readers. */
export function SeriesMark({ session }: { session: Pick<SessionAnswer, 'seriesId'> }) {
  if (!session.seriesId) return null;
  return (
    <span title="Repeating session" className="ml-1 inline-flex align-[-2px] text-current">
      <ArrowPathIcon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Repeating session</span>
    </span>
  );
}
