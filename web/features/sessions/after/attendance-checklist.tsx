import clsx from 'clsx';
import { toast } from 'sonner';
import type { AttendeeAnswer } from '@common/sessions/after/schemas';
import { PersonAvatar } from '@web/components/person-link';
import { EmptyPanel, ListSkeleton, LoadFailed } from '../session-panels';
import { useAttendance, useMarkAttendance, useSessionFeedback } from './api/session-attendance';
import { AFTER_TEXTS } from './after-texts';

/**
 * The facilitator's Members list once the session has started: each booked member marked
 * Attended or No-show (a member who clicked the join link starts as Attended), and the ratings.
 */
export function AttendanceChecklist({ sessionId }: { sessionId: string }) {
  const attendance = useAttendance(sessionId);
  if (attendance.isPending) return <ListSkeleton label={AFTER_TEXTS.loadingAttendance} rows={2} />;
  if (attendance.isError)
    return <LoadFailed message={AFTER_TEXTS.attendanceFailed} onRetry={() => attendance.refetch()} />;
  const { members } = attendance.data;
  return (
    <div className="space-y-4">
      {members.length === 0 ? (
        <EmptyPanel>{AFTER_TEXTS.nobodyBooked}</EmptyPanel>
      ) : (
        <ul aria-label={AFTER_TEXTS.attendance} className="divide-y divide-stone-200">
          {members.map((member) => (
            <li key={member._id}>
              <AttendeeRow sessionId={sessionId} member={member} />
            </li>
          ))}
        </ul>
      )}
      <FeedbackSummary sessionId={sessionId} />
    </div>
  );
}

const CHOICES = [
  { value: true, label: 'Attended' },
  { value: false, label: 'No-show' },
] as const;

function AttendeeRow({ sessionId, member }: { sessionId: string; member: AttendeeAnswer }) {
  const mark = useMarkAttendance(sessionId);
  const person = { _id: member._id, name: member.name, profilePicture: member.picture };
  return (
    <fieldset className="flex flex-wrap items-center gap-3 py-2.5">
      <legend className="sr-only">{AFTER_TEXTS.attendanceOf(member.name)}</legend>
      <PersonAvatar person={person} className="size-9 text-sm" />
      <span className="min-w-0 flex-1 text-sm font-medium text-stone-900">
        <span className="block truncate">{member.name}</span>
        {member.joinedAt && <span className="block text-xs font-normal text-stone-500">{AFTER_TEXTS.joined}</span>}
      </span>
      <span className="inline-flex rounded-lg border border-stone-300 p-0.5">
        {CHOICES.map((choice) => (
          <label
            key={choice.label}
            className={clsx(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-focus-visible:ring-2 has-focus-visible:ring-brand-600',
              member.attended === choice.value
                ? choice.value
                  ? 'bg-brand-700 text-white'
                  : 'bg-stone-700 text-white'
                : 'text-stone-700 hover:bg-stone-100',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={`attendance-${member._id}`}
              checked={member.attended === choice.value}
              disabled={mark.isPending}
              onChange={() =>
                mark.mutate(
                  { memberId: member._id, attended: choice.value },
                  { onError: () => toast.error(AFTER_TEXTS.markFailed(member.name)) },
                )
              }
            />
            {choice.label}
          </label>
        ))}
      </span>
    </fieldset>
  );
}

/** The average rating and the comments, under the list. */
function FeedbackSummary({ sessionId }: { sessionId: string }) {
  const feedback = useSessionFeedback(sessionId);
  if (!feedback.isSuccess || feedback.data.count === 0) return null;
  const { average, count, comments } = feedback.data;
  return (
    <section aria-label={AFTER_TEXTS.ratings} className="rounded-xl bg-stone-50 p-3 text-sm">
      <p className="font-medium text-stone-900">{AFTER_TEXTS.averageOf(average ?? 0, count)}</p>
      {comments.length > 0 && (
        <ul className="mt-2 space-y-2">
          {comments.map((c) => (
            <li key={`${c.name}-${c.comment}`} className="text-stone-700">
              <q>{c.comment}</q>{' '}
              <span className="text-stone-500">
                — {c.name}, {c.rating}/5
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
