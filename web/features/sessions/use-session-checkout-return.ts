import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { sessionsKey } from './api/session-keys';
import { SESSION_TEXTS } from './session-texts';

export const SESSION_BOOKED_PARAM = 'session_booked';
export const SESSION_CANCELLED_PARAM = 'session_cancelled';

// The payment event may reach the server a moment after the browser comes back: ask once more.
const CONFIRMATION_RECHECK_MS = 4000;

/**
 * Checkouts opened by older versions returned to /profile/{facilitatorId}?session_booked={id} or
 * ?session_cancelled={id} (new ones return to /subscription/{sessionId}/{status}): say so in a
 * toast, refetch the sessions (the server books the session when the payment event arrives), and
 * drop the parameter so a reload does not say it again. Answers, on the first render, whether the
 * page was reached that way (so the profile can open its Sessions tab).
 */
export function useSessionCheckoutReturn(): boolean {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const booked = params.get(SESSION_BOOKED_PARAM);
  const cancelled = params.get(SESSION_CANCELLED_PARAM);
  // Kept past the parameter's removal (which re-runs the effect), cleared when the page goes.
  const rechecks = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => rechecks.current.forEach(clearTimeout), []);

  useEffect(() => {
    if (!booked && !cancelled) return;
    // Toast ids keep a double effect run (React's StrictMode) from showing it twice.
    if (booked) toast.success(SESSION_TEXTS.paymentReceived, { id: `session-booked-${booked}` });
    else toast.info(SESSION_TEXTS.checkoutCancelled, { id: `session-cancelled-${cancelled}` });
    const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
    void refresh();
    if (booked) rechecks.current.push(setTimeout(refresh, CONFIRMATION_RECHECK_MS));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SESSION_BOOKED_PARAM);
        next.delete(SESSION_CANCELLED_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [booked, cancelled, queryClient, setParams]);

  return Boolean(booked || cancelled);
}
