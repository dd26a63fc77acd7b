import { useMemo, useRef } from 'react';

/**
 * A random UUID v4 for an `Idempotency-Key`. `crypto.randomUUID` exists only in secure contexts,
 * and a self-hosted Tend may be opened over plain http on a local address, so without it the key
 * is built from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type IntentKey = {
  /** The key of this submission: the same as last time while the payload is the same (a retry). */
  keyFor: (payload: unknown) => string;
  /** The submission went through: the next one, even with the same payload, is a new intent. */
  done: () => void;
};

/**
 * One Idempotency-Key per user intent, for a form or button: made on the first submit, kept
 * while the same payload is sent again (Post pressed again after a lost answer, which the server
 * then answers with the first result), new once the payload changes or after `done()`. A changed
 * payload gets a new key because the server refuses one key for two different requests (422).
 */
export function useIntentKey(): IntentKey {
  const intent = useRef<{ payload: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(payload) {
        const text = JSON.stringify(payload) ?? '';
        if (intent.current?.payload !== text) intent.current = { payload: text, key: newIdempotencyKey() };
        return intent.current.key;
      },
      done() {
        intent.current = null;
      },
    }),
    [],
  );
}
