import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { MESSAGE_TEXTS } from '@common/messages/schemas';
import { useLiveEvents } from '@web/api/live-connection';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import { useWhoami } from '@web/features/session/api/get-whoami';
import { contactsKey } from './api/message-keys';
import { useContacts } from './api/get-contacts';
import { ChatPane } from './chat-pane';
import { ContactList, ContactSkeletons } from './contact-list';
import { CHAT_TEXTS } from './messages-texts';
import { PageTitle } from '@web/components/page-title';
import { centredCardStyles, cardStyles } from '@web/components/card-styles';

/**
 * /messages: the people I may message on the left, the chat with the one in
 * ?with= on the right. On phones these are two screens, the chat with a Back button.
 */
export function MessagesPage() {
  const [params] = useSearchParams();
  const withId = params.get('with');
  const { data: whoami } = useWhoami();
  const myId = whoami?.isLoggedIn ? (whoami.id ?? whoami._id) : undefined;
  const isFacilitator = whoami?.isFacilitator === true;
  const contacts = useContacts();
  const queryClient = useQueryClient();
  const [unread, setUnread] = useState<ReadonlySet<string>>(() => new Set());

  // Opening a chat reads it.
  if (withId && unread.has(withId)) setUnread((current) => withoutEntry(current, withId));

  useLiveEvents((event) => {
    // the list refreshes on a live message (and after a reconnect, for what was missed).
    if (event.type === 'message' || event.type === 'reconnected')
      void queryClient.invalidateQueries({ queryKey: contactsKey });
    if (event.type === 'message' && event.message.user !== myId && event.message.user !== withId) {
      setUnread((current) => new Set(current).add(event.message.user));
    }
  });

  const list = contacts.data ?? [];
  const selected = list.find((c) => c.user._id === withId);
  const noContacts = contacts.isSuccess && list.length === 0;

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl">
      <PageTitle>Messages</PageTitle>
      <h1
        id="page-title"
        className={clsx('text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl', withId && 'max-md:sr-only')}
      >
        {CHAT_TEXTS.title}
      </h1>

      {contacts.isError ? (
        <div className="mt-6">
          <LoadFailedPanel message={CHAT_TEXTS.chatsFailed}>
            <Button variant="secondary" size="sm" onClick={() => contacts.refetch()}>
              Try again
            </Button>
          </LoadFailedPanel>
        </div>
      ) : noContacts && !withId ? (
        <NoContacts isFacilitator={isFacilitator} />
      ) : (
        <div
          className={clsx(
            cardStyles,
            'overflow-hidden md:mt-6 md:grid md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]',
            withId ? 'max-md:-mx-2 max-md:h-[calc(100svh-9rem)]' : 'mt-6',
          )}
        >
          <nav
            aria-label={CHAT_TEXTS.chats}
            className={clsx(
              'min-h-0 border-stone-200 md:max-h-[36rem] md:overflow-y-auto md:border-r',
              withId && 'max-md:hidden',
            )}
          >
            <h2 className="sr-only">{CHAT_TEXTS.chats}</h2>
            {contacts.isPending ? (
              <ContactSkeletons />
            ) : list.length === 0 ? (
              <p className="px-4 py-6 text-sm text-stone-600">
                {isFacilitator ? MESSAGE_TEXTS.noSubscribers : MESSAGE_TEXTS.notAllowed}
              </p>
            ) : (
              <ContactList contacts={list} selectedId={withId} myId={myId} unread={unread} />
            )}
          </nav>
          <div className={clsx('min-h-0', withId ? 'h-full md:h-auto' : 'max-md:hidden')}>
            {withId ? (
              <ChatPane
                key={withId}
                withId={withId}
                contact={selected?.user}
                myId={myId}
                isFacilitator={isFacilitator}
              />
            ) : (
              <div className="flex h-full min-h-72 flex-col items-center justify-center gap-3 px-6 py-12 text-center">
                <ChatBubbleLeftRightIcon aria-hidden="true" className="size-10 text-stone-300" />
                <p className="text-sm font-medium text-stone-600">{MESSAGE_TEXTS.selectChat}</p>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function withoutEntry(set: ReadonlySet<string>, entry: string): ReadonlySet<string> {
  const next = new Set(set);
  next.delete(entry);
  return next;
}

/** No one to message yet: facilitators wait for subscribers, members find a facilitator. */
function NoContacts({ isFacilitator }: { isFacilitator: boolean }) {
  return (
    <div className={clsx(centredCardStyles, 'mt-6 py-12')}>
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <ChatBubbleLeftRightIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-md text-base font-medium text-stone-800">
        {isFacilitator ? MESSAGE_TEXTS.noSubscribers : MESSAGE_TEXTS.notAllowed}
      </p>
      {!isFacilitator && (
        <Link to="/explore" className={buttonStyles({ size: 'sm' })}>
          {CHAT_TEXTS.explore}
        </Link>
      )}
    </div>
  );
}
