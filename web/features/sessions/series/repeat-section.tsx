import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { useWatch } from 'react-hook-form';
import { ArrowPathIcon } from '@heroicons/react/20/solid';
import clsx from 'clsx';
import type { SessionAnswer } from '@common/sessions/schemas';
import { occurrencesOf } from '@common/sessions/series/expand';
import { weekdayOf } from '@common/sessions/series/rule';
import type { SeriesAnswer, SeriesScope } from '@common/sessions/series/schemas';
import { wallClockOf } from '@common/sessions/series/zone-time';
import { LoadFailed } from '@web/components/state-panels';
import { useSubmitGuard } from '@web/components/form/submit-guard';
import { viewerZone } from '@web/components/viewer-zone';
import { useSeries } from './api/get-series';
import { draftOf, newDraft, previewOf, ruleOfDraft, type RepeatDraft } from './repeat-draft';
import { RepeatFields } from './repeat-fields';
import { bookingDraftOf, bookingSettingsOf, SeriesBookingFields } from './series-booking-fields';
import { ScopeDialog } from './scope-dialog';
import type { SeriesSave } from './series-save';

type RepeatSectionProps = {
  /** the session being edited; none while a new one is made */
  session?: SessionAnswer;
};

/**
 * The session form's Repeat section. A new session may repeat (daily, weekly on chosen days,
 * monthly on its weekday of the month; every N; until a date or N times), with a live preview of
 * the sessions it makes. A session of a series shows its rule, and saving it asks which sessions
 * the change reaches.
 */
export function RepeatSection({ session }: RepeatSectionProps) {
  if (session?.seriesId) return <SeriesOccurrence seriesId={session.seriesId} />;
  if (session) return null;
  return <NewRepeat />;
}

const startDateOf = (start: string | null | undefined, zone: string) =>
  start ? wallClockOf(new Date(start), zone).slice(0, 10) : undefined;

function useStart() {
  const start = useWatch({ name: 'startTime' }) as string | null;
  const zone = useMemo(viewerZone, []);
  return { start, zone, startDate: startDateOf(start, zone) };
}

function NewRepeat() {
  const { start, zone, startDate } = useStart();
  const [draft, setDraft] = useState<RepeatDraft>(() => newDraft(startDate));
  const touchedDays = useRef(false);
  // until the days are chosen by hand, a weekly series repeats on the start's day; the last date
  // offered is three months after the start
  useEffect(() => {
    if (!startDate) return;
    setDraft((d) => ({
      ...d,
      weekdays: touchedDays.current ? d.weekdays : [weekdayOf(startDate)],
      until: d.until || newDraft(startDate).until,
    }));
  }, [startDate]);
  const preview = previewOf(draft, start, zone);
  const previewRef = useRef<HTMLParagraphElement>(null);
  const [stopped, setStopped] = useState(false);
  const [booking, setBooking] = useState(() => bookingDraftOf());

  useSubmitGuard<SeriesSave>((values) => {
    const result = ruleOfDraft(draft);
    if (!result) return values;
    if ('error' in result || !preview?.ok) {
      setStopped(true);
      previewRef.current?.focus();
      return null;
    }
    return { ...values, repeat: result.rule, ...bookingSettingsOf(booking) };
  });

  return (
    <RepeatFrame>
      <RepeatFields
        draft={draft}
        startDate={startDate}
        canStop
        onChange={(next) => {
          if (next.weekdays !== draft.weekdays) touchedDays.current = true;
          setStopped(false);
          setDraft(next);
        }}
      />
      <PreviewLine preview={preview} stopped={stopped} previewRef={previewRef} />
      {ruleOfDraft(draft) && <SeriesBookingFields draft={booking} onChange={setBooking} />}
    </RepeatFrame>
  );
}

function SeriesOccurrence({ seriesId }: { seriesId: string }) {
  const series = useSeries(seriesId);
  if (series.isPending)
    return (
      <RepeatFrame>
        <p role="status" className="text-sm text-stone-600">
          Loading the series…
        </p>
      </RepeatFrame>
    );
  if (series.isError)
    return (
      <RepeatFrame>
        <LoadFailed message="We could not load this session's series." onRetry={() => series.refetch()} />
      </RepeatFrame>
    );
  return <SeriesRule series={series.data} />;
}

function SeriesRule({ series }: { series: SeriesAnswer }) {
  const { start, zone, startDate } = useStart();
  const initial = useMemo(
    () => draftOf(series.rule, occurrencesOf(series).at(-1)?.date ?? series.localStart.slice(0, 10)),
    [series],
  );
  const [draft, setDraft] = useState<RepeatDraft>(initial);
  const ruleChanged = JSON.stringify(ruleOfDraft(draft)) !== JSON.stringify(ruleOfDraft(initial));
  const preview = ruleChanged ? previewOf(draft, start, zone) : null;
  const [asking, setAsking] = useState<((scope: SeriesScope | null) => void) | null>(null);
  const previewRef = useRef<HTMLParagraphElement>(null);
  const [stopped, setStopped] = useState(false);
  const [booking, setBooking] = useState(() => bookingDraftOf(series));

  useSubmitGuard<SeriesSave>(async (values) => {
    const result = ruleChanged ? ruleOfDraft(draft) : null;
    if (result && ('error' in result || !preview?.ok)) {
      setStopped(true);
      previewRef.current?.focus();
      return null;
    }
    const scope = await new Promise<SeriesScope | null>((resolve) => setAsking(() => resolve));
    setAsking(null);
    if (!scope) return null;
    return {
      ...values,
      scope,
      seriesId: series._id,
      ...(result && 'rule' in result && scope !== 'this' && { repeat: result.rule }),
      ...bookingSettingsOf(booking),
    };
  });

  return (
    <RepeatFrame>
      <p className="flex items-center gap-1.5 text-sm text-stone-800">
        <ArrowPathIcon aria-hidden="true" className="size-4 text-brand-700" />
        <span>
          Part of a series: <span className="font-medium">{series.summary}</span>
        </span>
      </p>
      <RepeatFields
        draft={draft}
        startDate={startDate}
        canStop={false}
        onChange={(next) => {
          setStopped(false);
          setDraft(next);
        }}
      />
      {ruleChanged && <PreviewLine preview={preview} stopped={stopped} previewRef={previewRef} />}
      <SeriesBookingFields draft={booking} onChange={setBooking} />
      <ScopeDialog open={asking !== null} ruleChanged={ruleChanged} onChoose={(scope) => asking?.(scope)} />
    </RepeatFrame>
  );
}

function RepeatFrame({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-stone-200 bg-stone-50/60 p-4">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        Repeat
      </h3>
      {children}
    </section>
  );
}

type PreviewLineProps = {
  preview: ReturnType<typeof previewOf>;
  /** a save was stopped by this line's problem: it shows as an error */
  stopped: boolean;
  previewRef: Ref<HTMLParagraphElement>;
};

/** The live preview: '12 sessions, Mon 01/04/2027 – Mon 03/22/2027', or why there are none. */
function PreviewLine({ preview, stopped, previewRef }: PreviewLineProps) {
  return (
    <p
      ref={previewRef}
      tabIndex={-1}
      aria-live="polite"
      data-testid="repeat-preview"
      className={clsx(
        'text-sm',
        !preview && 'sr-only',
        preview?.ok ? 'font-medium text-brand-800' : stopped ? 'font-medium text-red-700' : 'text-stone-600',
      )}
    >
      {preview?.text ?? ''}
    </p>
  );
}
