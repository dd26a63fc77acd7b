import { Link } from 'react-router';
import clsx from 'clsx';
import type { ContactAnswer } from '@common/messages/schemas';
import { PersonAvatar } from '@web/components/person-link';
import { formatChatTime, fullChatTime } from './chat-time';
import { CHAT_TEXTS } from './messages-texts';
import { countBadgeStyles } from '@web/components/badge-styles';

type Props = {
  contacts: ContactAnswer[];
  selectedId: string | null;
  myId: string | undefined;
  /** People with a message that arrived (live) while their chat was not open, before the list refetched. */
  unread: ReadonlySet<string>;
};

/** Messages: the left list, each person with their last message and its time. */
export function ContactList({ contacts, selectedId, myId, unread }: Props) {
  return (
    <ul className="divide-y divide-stone-100">
      {contacts.map(({ user, lastMessage, unread: count }) => {
        const selected = user._id === selectedId;
        const isUnread = (count > 0 || unread.has(user._id)) && !selected;
        return (
          <li key={user._id}>
            <Link
              to={`?with=${encodeURIComponent(user._id)}`}
              aria-current={selected ? 'true' : undefined}
              className={clsx(
                'flex items-center gap-3 px-4 py-3',
                'outline-none transition-colors',
                'focus-visible:bg-brand-50 focus-visible:ring-2 focus-visible:ring-inset',
                'focus-visible:ring-brand-700',
                selected ? 'bg-brand-50' : 'hover:bg-stone-50',
              )}
            >
              <PersonAvatar person={user} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={clsx('truncate text-sm text-stone-900', isUnread ? 'font-bold' : 'font-semibold')}>
                    {user.name}
                  </span>
                  {lastMessage && (
                    <time
                      dateTime={lastMessage.postedDate}
                      title={fullChatTime(lastMessage.postedDate)}
                      className="shrink-0 text-xs text-stone-500"
                    >
                      {formatChatTime(lastMessage.postedDate)}
                    </time>
                  )}
                </span>
                <span className="mt-0.5 flex items-center gap-2">
                  <span
                    className={clsx('truncate text-sm', isUnread ? 'font-medium text-stone-900' : 'text-stone-600')}
                  >
                    {lastMessage ? (
                      `${lastMessage.user === myId ? `${CHAT_TEXTS.you}: ` : ''}${lastMessage.text}`
                    ) : (
                      <span className="italic text-stone-500">Start a conversation</span>
                    )}
                  </span>
                  {isUnread && (
                    <span className="ml-auto flex shrink-0 items-center">
                      {count > 0 ? (
                        <span aria-hidden="true" className={clsx(countBadgeStyles, 'bg-brand-700 px-1.5')}>
                          {count > 99 ? '99+' : count}
                        </span>
                      ) : (
                        <span aria-hidden="true" className="size-2.5 rounded-full bg-brand-700" />
                      )}
                      <span className="sr-only">
                        {count > 1 ? CHAT_TEXTS.newMessages(count) : CHAT_TEXTS.newMessage}
                      </span>
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Grey stand-ins for the list while it loads. */
export function ContactSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div role="status">
      <span className="sr-only">{CHAT_TEXTS.loadingChats}</span>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="flex animate-pulse items-center gap-3 px-4 py-3 motion-reduce:animate-none"
        >
          <div className="size-10 rounded-full bg-stone-200" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-28 rounded bg-stone-200" />
            <div className="h-2.5 w-40 rounded bg-stone-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
