import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { MESSAGE_TEXTS, type ChatUser } from '@common/messages/schemas';
import { BLOCK_TEXTS } from '@common/blocks/schemas';
import { BlockButton } from '@web/features/blocks/block-button';
import { ApiError } from '@web/api/client';
import { useLiveEvents, useLiveStatus } from '@web/api/live-connection';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { PersonLink } from '@web/components/person-link';
import { getEarlierMessages, getMessages, getMissedMessages } from './api/get-messages';
import { roomKey } from './api/message-keys';
import { type OpenedRoom, useRoom } from './api/open-room';
import { useMarkChatRead } from './api/read-room';
import { withMessages } from './api/room-messages';
import { MessageComposer } from './message-composer';
import { MessageLog } from './message-log';
import { CHAT_TEXTS } from './messages-texts';
import { usePendingMessages, visiblePending } from './use-pending-messages';
import clsx from 'clsx';
import { roundIconButtonStyles } from '@web/components/icon-button-styles';

type Props = {
  /** The person chatted with (?with=). */
  withId: string;
  /** Their entry in the contact list, when they are in it (the room's users name them otherwise). */
  contact: ChatUser | undefined;
  myId: string | undefined;
  isFacilitator: boolean;
};

/** Messages: the right pane with one person; the room is opened (or found) by POST app/room. */
export function ChatPane({ withId, contact, myId, isFacilitator }: Props) {
  const room = useRoom(withId);
  const queryClient = useQueryClient();
  const roomId = room.data?.chatRoom._id;
  const messages = room.data?.messages ?? [];
  const other = room.data?.chatRoom.users.find((u) => u._id === withId) ?? contact;
  const name = other?.name ?? 'this person';
  const { pending, send, retry, discard } = usePendingMessages({ room: roomId, to: withId });
  const markRead = useMarkChatRead();
  const { openedChat } = markRead;

  // POST app/room read the chat on the server when it opened: the badge and the list follow.
  useEffect(() => {
    if (roomId) openedChat(withId);
  }, [roomId, withId, openedChat]);

  useLiveEvents((event) => {
    if (!roomId) return;
    if (event.type === 'message' && event.room === roomId) {
      queryClient.setQueryData<OpenedRoom>(roomKey(withId), (data) => withMessages(data, [event.message]));
      // seen as it arrives: the open chat reads it
      if (event.message.user === withId) markRead.readMore(roomId, withId);
    }
    if (event.type === 'reconnected') {
      // What arrived while the connection was down: everything after the last message I have.
      const last = queryClient.getQueryData<OpenedRoom>(roomKey(withId))?.messages.at(-1);
      (last ? getMissedMessages(roomId, last) : getMessages(roomId))
        .then((missed) => queryClient.setQueryData<OpenedRoom>(roomKey(withId), (data) => withMessages(data, missed)))
        .catch(() => queryClient.invalidateQueries({ queryKey: roomKey(withId) }));
    }
  });

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ChatHeader user={other} name={name} />
      {room.isPending ? (
        <div role="status" className="flex flex-1 items-center justify-center py-16 text-sm text-stone-500 md:min-h-72">
          {CHAT_TEXTS.loadingMessages}
        </div>
      ) : room.isError ? (
        <RoomProblem error={room.error} isFacilitator={isFacilitator} onRetry={() => room.refetch()} />
      ) : (
        <>
          {roomId && room.data?.earlier && (
            <EarlierMessages roomId={roomId} withId={withId} cursor={room.data.earlier} />
          )}
          <MessageLog
            messages={messages}
            pending={visiblePending(pending, messages)}
            myId={myId}
            otherName={name}
            other={other}
            onRetry={retry}
            onDiscard={discard}
          />
          {room.data?.blocked ? (
            <BlockedNotice blocked={room.data.blocked} name={name} />
          ) : (
            <MessageComposer recipientName={name} disabled={!roomId} onSend={send} />
          )}
        </>
      )}
    </div>
  );
}

/** 'Load earlier messages': the page before the oldest one shown (GET app/get-messages/{room}?cursor=). */
function EarlierMessages({ roomId, withId, cursor }: { roomId: string; withId: string; cursor: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const load = async () => {
    setState('loading');
    try {
      const { messages, earlier } = await getEarlierMessages(roomId, cursor);
      queryClient.setQueryData<OpenedRoom>(
        roomKey(withId),
        (data) => data && { ...withMessages(data, messages)!, earlier },
      );
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="flex flex-col items-center gap-1 border-b border-stone-100 py-2">
      <Button variant="secondary" size="sm" onClick={() => void load()} disabled={state === 'loading'}>
        {state === 'loading' ? 'Loading…' : CHAT_TEXTS.loadEarlier}
      </Button>
      {state === 'failed' && (
        <p role="alert" className="text-xs text-red-700">
          {CHAT_TEXTS.earlierFailed}
        </p>
      )}
    </div>
  );
}

/** In place of the composer while a block stops the conversation: what the viewer may know of it. */
function BlockedNotice({ blocked, name }: { blocked: 'by_you' | 'closed'; name: string }) {
  return (
    <p role="status" className="border-t border-stone-200 bg-stone-50 px-4 py-4 text-center text-sm text-stone-700">
      {blocked === 'by_you' ? BLOCK_TEXTS.youBlocked(name) : BLOCK_TEXTS.cannotReply}
    </p>
  );
}

function ChatHeader({ user, name }: { user: ChatUser | undefined; name: string }) {
  const status = useLiveStatus();
  return (
    <div className="flex items-center gap-3 border-b border-stone-200 px-3 py-3 sm:px-5">
      <Link
        to="/messages"
        aria-label={CHAT_TEXTS.back}
        className={clsx(roundIconButtonStyles, '-ml-1 shrink-0 md:hidden')}
      >
        <ArrowLeftIcon aria-hidden="true" className="size-5" />
      </Link>
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-base font-semibold text-stone-900">
          {/* the person chatted with opens their profile */}
          {user ? (
            <PersonLink person={user} avatarClassName="size-9 text-sm" className="max-w-full gap-3 align-middle" />
          ) : (
            name
          )}
        </h2>
        {(status === 'reconnecting' || status === 'offline') && (
          <p role="status" className="truncate text-xs text-amber-800">
            {status === 'offline' ? CHAT_TEXTS.offline : CHAT_TEXTS.reconnecting}
          </p>
        )}
      </div>
      {/* the chat's menu: block or unblock the person */}
      {user && <BlockButton person={user} compact />}
    </div>
  );
}

const REFUSALS = new Set(['messaging_not_allowed', 'chat_user_not_found', 'chat_not_found']);

function RoomProblem({
  error,
  isFacilitator,
  onRetry,
}: {
  error: Error;
  isFacilitator: boolean;
  onRetry: () => unknown;
}) {
  // by code (common/messages/errors.ts): not allowed to message them, or no such person
  const refused = error instanceof ApiError && REFUSALS.has(error.code ?? '');
  return (
    <div
      role="alert"
      className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-12 text-center md:min-h-72"
    >
      <ChatBubbleLeftRightIcon aria-hidden="true" className="size-8 text-stone-400" />
      {refused ? (
        <>
          <p className="max-w-sm text-sm text-stone-700">
            {isFacilitator ? CHAT_TEXTS.facilitatorNotAllowed : MESSAGE_TEXTS.notAllowed}
          </p>
          {!isFacilitator && (
            <Link to="/explore" className={buttonStyles({ size: 'sm' })}>
              {CHAT_TEXTS.explore}
            </Link>
          )}
        </>
      ) : (
        <>
          <p className="text-sm text-stone-700">{CHAT_TEXTS.roomFailed}</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </>
      )}
    </div>
  );
}
