import { useRef, useState } from 'react';
import type { MessageAnswer } from '@common/messages/schemas';
import { useSendMessage } from './api/send-message';

/** A message of mine shown at once, before (or instead of, when it failed) the server's answer. */
export type PendingMessage = {
  key: number;
  text: string;
  status: 'sending' | 'failed';
  /** The room's message ids when it was sent: a new one of mine with its text is this message. */
  knownIds: ReadonlySet<string>;
};

/**
 * Optimistic sending: the message shows as 'Sending…' until POST app/message answers (the answer
 * joins the room's messages) or as failed with Retry.
 */
export function usePendingMessages({
  room,
  to,
  messages,
}: {
  room: string | undefined;
  to: string;
  messages: MessageAnswer[];
}) {
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const nextKey = useRef(1);
  const { mutate } = useSendMessage();

  const update = (key: number, status: PendingMessage['status'] | null) =>
    setPending((list) =>
      status ? list.map((p) => (p.key === key ? { ...p, status } : p)) : list.filter((p) => p.key !== key),
    );

  function deliver(item: PendingMessage) {
    if (!room) return;
    mutate(
      { room, to, text: item.text },
      { onSuccess: () => update(item.key, null), onError: () => update(item.key, 'failed') },
    );
  }

  function send(text: string) {
    const item: PendingMessage = {
      key: nextKey.current++,
      text,
      status: 'sending',
      knownIds: new Set(messages.map((m) => m._id)),
    };
    setPending((list) => [...list, item]);
    deliver(item);
  }

  function retry(key: number) {
    const item = pending.find((p) => p.key === key);
    if (!item) return;
    const again = { ...item, status: 'sending' as const, knownIds: new Set(messages.map((m) => m._id)) };
    setPending((list) => list.map((p) => (p.key === key ? again : p)));
    deliver(again);
  }

  const discard = (key: number) => update(key, null);

  return { pending, send, retry, discard };
}

/**
 * The pending messages still to show: a sending one whose live frame already arrived (a new
 * message of mine with the same text) is not shown twice while its POST answer is on its way.
 */
export function visiblePending(
  pending: PendingMessage[],
  messages: MessageAnswer[],
  myId: string | undefined,
): PendingMessage[] {
  const claimed = new Set<string>();
  return pending.filter((p) => {
    if (p.status !== 'sending') return true;
    const arrived = messages.find(
      (m) => m.user === myId && m.text === p.text && !p.knownIds.has(m._id) && !claimed.has(m._id),
    );
    if (!arrived) return true;
    claimed.add(arrived._id);
    return false;
  });
}
