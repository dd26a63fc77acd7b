import { useRef, useState } from 'react';
import type { MessageAnswer } from '@common/messages/schemas';
import { useSendMessage } from './api/send-message';

/** A message of mine shown at once, before (or instead of, when it failed) the server's answer. */
export type PendingMessage = {
  key: number;
  text: string;
  status: 'sending' | 'failed';
  /** the idempotency key sent with every try: the stored message carries it back */
  clientKey: string;
};

/**
 * Optimistic sending: the message shows as 'Sending…' until POST app/message answers (the answer
 * joins the room's messages) or as failed with Retry.
 */
export function usePendingMessages({ room, to }: { room: string | undefined; to: string }) {
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
      { room, to, text: item.text, clientKey: item.clientKey },
      { onSuccess: () => update(item.key, null), onError: () => update(item.key, 'failed') },
    );
  }

  function send(text: string) {
    const item: PendingMessage = { key: nextKey.current++, text, status: 'sending', clientKey: newClientKey() };
    setPending((list) => [...list, item]);
    deliver(item);
  }

  function retry(key: number) {
    const item = pending.find((p) => p.key === key);
    if (!item) return;
    const again = { ...item, status: 'sending' as const };
    setPending((list) => list.map((p) => (p.key === key ? again : p)));
    deliver(again);
  }

  const discard = (key: number) => update(key, null);

  return { pending, send, retry, discard };
}

/**
 * The pending messages still to show: one whose stored copy has arrived (by the live frame, a
 * catch-up or the answer: the same clientKey) is not shown again, not even as failed with Retry
 * when only its answer was lost.
 */
export function visiblePending(pending: PendingMessage[], messages: MessageAnswer[]): PendingMessage[] {
  const stored = new Set(messages.map((m) => m.clientKey).filter(Boolean));
  return pending.filter((p) => !stored.has(p.clientKey));
}

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts, and a self-hosted Tend
 * may be opened over plain http on a local address, so this builds one from getRandomValues.
 */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
