import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SESSION_LINK_PARAMS } from '@common/sessions/links';
import type { SessionAnswer } from '@common/sessions/schemas';

type SessionLink = { id: string | null; start: Date | undefined; clear: () => void };

/**
 * A link to one session (common/sessions/links.ts: `?session=<id>&at=<start>`, from a mail or a
 * notification): the session's id and the start whose week the calendar opens at.
 */
export function useSessionLink(): SessionLink {
  const [params, setParams] = useSearchParams();
  const at = params.get(SESSION_LINK_PARAMS.at);
  return {
    id: params.get(SESSION_LINK_PARAMS.session),
    start: at && !Number.isNaN(Date.parse(at)) ? new Date(at) : undefined,
    clear: () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(SESSION_LINK_PARAMS.session);
          next.delete(SESSION_LINK_PARAMS.at);
          return next;
        },
        { replace: true },
      ),
  };
}

/**
 * Once the linked week's sessions are in, the linked one is opened, once, and the link's
 * parameters leave the address (going back or reloading does not open it again). A session no
 * longer there (cancelled, moved) opens nothing.
 */
export function useOpenLinkedSession(
  link: SessionLink,
  sessions: readonly SessionAnswer[] | undefined,
  open: (session: SessionAnswer) => void,
) {
  const handled = useRef(false);
  const { id, clear } = link;
  useEffect(() => {
    if (!id || !sessions || handled.current) return;
    handled.current = true;
    const linked = sessions.find((s) => s._id === id);
    if (linked) open(linked);
    clear();
  }, [id, sessions, open, clear]);
}
