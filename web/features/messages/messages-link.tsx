import { NavLink, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { useLiveEvents } from '@web/api/live-connection';
import { useWhoami } from '@web/features/session/api/get-whoami';
import { useUnreadMessages } from './api/get-unread-messages';
import { unreadMessagesKey } from './api/message-keys';
import { cornerCountBadgeStyles } from '@web/components/badge-styles';
import { badgeCount, countedName } from '@web/components/count-badge';

/**
 * 'Messages', 'Messages, 2 unread' or 'Messages, more than 99 unread': what the badge shows is part
 * of the link's name (a count past 99 shows as 99+).
 */
export const messagesLinkName = (unread: number) => countedName('Messages', unread);

/**
 * The header's messages icon ('Your Messages'), with the number of unread direct
 * messages. It follows the live connection: a message from someone else refreshes the count,
 * unless their chat is open here (that chat reads it and sets the count itself).
 */
export function MessagesLink() {
  const { data: whoami } = useWhoami();
  const myId = whoami?.isLoggedIn ? (whoami.id ?? whoami._id) : undefined;
  const { data: unread = 0 } = useUnreadMessages();
  const queryClient = useQueryClient();
  const location = useLocation();
  const openChatWith = location.pathname === '/messages' ? new URLSearchParams(location.search).get('with') : null;

  useLiveEvents((event) => {
    const fromOther = event.type === 'message' && event.message.user !== myId && event.message.user !== openChatWith;
    if (fromOther || event.type === 'reconnected') void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
  });

  return (
    <NavLink
      to="/messages"
      aria-label={messagesLinkName(unread)}
      title="Your Messages"
      className={({ isActive }) =>
        clsx(
          'relative flex size-10 items-center justify-center rounded-full hover:bg-stone-100 hover:text-stone-900',
          isActive ? 'bg-stone-100 text-stone-900' : 'text-stone-600',
        )
      }
    >
      <ChatBubbleLeftRightIcon className="size-6" aria-hidden="true" />
      {unread > 0 && (
        <span aria-hidden="true" data-testid="messages-badge" className={clsx(cornerCountBadgeStyles, 'bg-brand-700')}>
          {badgeCount(unread)}
        </span>
      )}
    </NavLink>
  );
}
