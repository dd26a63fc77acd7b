import { useState } from 'react';
import { toast } from 'sonner';
import type { SessionAnswer } from '@common/sessions/schemas';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import { useJoinWaitlist, useLeaveWaitlist } from './api/waitlist';
import { WAITLIST_TEXTS } from './waitlist-texts';

/** A full session (a group's places all taken, or a one-to-one booked by someone else) in the member's dialog: Join waitlist, or their position in it and Leave waitlist. */
export function WaitlistPanel({ session, onClose }: { session: SessionAnswer; onClose: () => void }) {
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const [position, setPosition] = useState(session.waitlist?.position ?? null);
  const [error, setError] = useState<string>();

  async function joinLine() {
    setError(undefined);
    try {
      const { waitlist } = await join.mutateAsync(session._id);
      setPosition(waitlist.position);
      toast.success(WAITLIST_TEXTS.joinedToast(waitlist.position));
    } catch (failure) {
      setError(formErrorText(failure));
    }
  }

  async function leaveLine() {
    setError(undefined);
    try {
      await leave.mutateAsync(session._id);
      setPosition(null);
      toast.success(WAITLIST_TEXTS.leftToast);
    } catch (failure) {
      setError(formErrorText(failure));
    }
  }

  return (
    <section aria-labelledby={`waitlist-${session._id}`} className="space-y-3">
      <h3 id={`waitlist-${session._id}`} className="text-sm font-semibold text-stone-900">
        {WAITLIST_TEXTS.waitlist}
      </h3>
      <p role="status" className="text-sm text-stone-700">
        {position !== null
          ? WAITLIST_TEXTS.position(position)
          : session.capacity > 1
            ? WAITLIST_TEXTS.explain
            : WAITLIST_TEXTS.explainOne}
      </p>
      <p className="text-sm text-stone-600">
        {session.price > 0 ? WAITLIST_TEXTS.promotedPaid : WAITLIST_TEXTS.promotedFree}
      </p>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {position !== null ? (
          <Button variant="secondary" pending={leave.isPending} onClick={leaveLine}>
            {WAITLIST_TEXTS.leave}
          </Button>
        ) : (
          <Button pending={join.isPending} onClick={joinLine}>
            {WAITLIST_TEXTS.join}
          </Button>
        )}
      </div>
    </section>
  );
}
