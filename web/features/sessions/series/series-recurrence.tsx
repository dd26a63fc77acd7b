import { ArrowPathIcon } from '@heroicons/react/20/solid';
import type { SessionAnswer } from '@common/sessions/schemas';
import { SERIES_TEXTS } from './series-texts';

/** In a session's details: how the series it belongs to repeats ('Weekly on Mon, Wed, until 03/30/2027'). */
export function SeriesRecurrence({ session }: { session: Pick<SessionAnswer, 'seriesId' | 'recurrence'> }) {
  if (!session.seriesId || !session.recurrence) return null;
  return (
    <p className="flex items-start gap-2 text-sm text-stone-700">
      <ArrowPathIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <span className="min-w-0 break-words">
        <span className="font-medium text-stone-900">{SERIES_TEXTS.repeats}: </span>
        {session.recurrence}
      </span>
    </p>
  );
}
