import { useLayoutEffect, useRef, type ReactNode } from 'react';
import clsx from 'clsx';
import { ExclamationCircleIcon } from '@heroicons/react/20/solid';
import { MESSAGE_TEXTS, type ChatUser, type MessageAnswer } from '@common/messages/schemas';
import { PersonAvatarLink } from '@web/components/person-link';
import { formatChatTime, fullChatTime } from './chat-time';
import { CHAT_TEXTS } from './messages-texts';
import type { PendingMessage } from './use-pending-messages';

type Props = {
  messages: MessageAnswer[];
  pending: PendingMessage[];
  myId: string | undefined;
  otherName: string;
  /** The person chatted with: their picture opens their profile beside each run of their messages. */
  other?: ChatUser;
  onRetry: (key: number) => void;
  onDiscard: (key: number) => void;
};

/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM = 80;

/**
 * Messages: the chat, newest at the bottom, mine on the right. It scrolls within at most
 * 96 units on wider screens and follows new messages unless the reader scrolled up to older ones.
 */
export function MessageLog({ messages, pending, myId, otherName, other, onRetry, onDiscard }: Props) {
  const log = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const lastKey = `${messages.at(-1)?._id ?? ''}:${pending.length}`;
  const sentByMe = pending.some((p) => p.status === 'sending');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last message is the trigger to scroll
  useLayoutEffect(() => {
    const el = log.current;
    if (el && (following.current || sentByMe)) el.scrollTop = el.scrollHeight;
  }, [lastKey, sentByMe]);

  const empty = messages.length === 0 && pending.length === 0;

  return (
    <div
      ref={log}
      role="log"
      aria-live="polite"
      aria-label={`Messages with ${otherName}`}
      // focusable so the history can be scrolled by keyboard
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        following.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
      }}
      className={clsx(
        'min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4',
        'outline-none',
        'focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-700',
        'sm:px-5 md:max-h-96 md:min-h-72',
      )}
    >
      {empty ? (
        <p className="py-10 text-center text-sm text-stone-500">{MESSAGE_TEXTS.noMessages}</p>
      ) : (
        <ul className="space-y-3">
          {messages.map((m, i) => (
            <MessageRow
              key={m._id}
              mine={m.user === myId}
              sender={m.user === myId ? CHAT_TEXTS.you : otherName}
              text={m.text}
              // their picture at the start of each run of their messages, the same link as the chat's heading
              author={
                other && m.user === other._id ? { person: other, first: messages[i - 1]?.user !== m.user } : undefined
              }
            >
              <time dateTime={m.postedDate} title={fullChatTime(m.postedDate)}>
                {formatChatTime(m.postedDate)}
              </time>
            </MessageRow>
          ))}
          {pending.map((p) => (
            <MessageRow
              key={`pending-${p.key}`}
              mine
              sender={CHAT_TEXTS.you}
              text={p.text}
              failed={p.status === 'failed'}
            >
              {p.status === 'sending' ? (
                <span>{CHAT_TEXTS.sending}</span>
              ) : (
                <span className="flex items-center gap-2 text-red-700">
                  <ExclamationCircleIcon aria-hidden="true" className="size-4" />
                  {CHAT_TEXTS.notSent}
                  <button
                    type="button"
                    onClick={() => onRetry(p.key)}
                    className="font-semibold underline underline-offset-2 hover:text-red-900"
                  >
                    {CHAT_TEXTS.retry}
                  </button>
                  <button
                    type="button"
                    onClick={() => onDiscard(p.key)}
                    className="font-semibold text-stone-600 underline underline-offset-2 hover:text-stone-900"
                  >
                    {CHAT_TEXTS.discard}
                  </button>
                </span>
              )}
            </MessageRow>
          ))}
        </ul>
      )}
    </div>
  );
}

type RowProps = {
  mine: boolean;
  sender: string;
  text: string;
  failed?: boolean;
  /** Their messages: who wrote it, and whether it starts a run (the picture shows there). */
  author?: { person: ChatUser; first: boolean };
  children: ReactNode;
};

function MessageRow({ mine, sender, text, failed = false, author, children }: RowProps) {
  const bubble = (
    <p
      className={clsx(
        'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm sm:max-w-[75%]',
        mine ? 'rounded-br-md bg-brand-700 text-white' : 'rounded-bl-md bg-stone-100 text-stone-900',
        failed && 'opacity-70',
      )}
    >
      <span className="sr-only">{sender}: </span>
      {text}
    </p>
  );
  return (
    <li data-sender={mine ? 'me' : 'them'} className={clsx('flex flex-col', mine ? 'items-end' : 'items-start')}>
      {author ? (
        <div className="flex w-full items-start gap-2">
          {author.first ? (
            <PersonAvatarLink person={author.person} className="size-7 text-xs" />
          ) : (
            <span aria-hidden="true" className="size-7 shrink-0" />
          )}
          {bubble}
        </div>
      ) : (
        bubble
      )}
      <span className={clsx('mt-1 px-1 text-xs text-stone-500', author && 'ml-9')}>{children}</span>
    </li>
  );
}
