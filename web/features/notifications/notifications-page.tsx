import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { BellIcon } from '@heroicons/react/24/outline';
import { groupNotifications } from '@common/notifications/buckets';
import type { NotificationAnswer } from '@common/notifications/schemas';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import { PageLoading } from '@web/components/page-loading';
import { getNotificationsPage, useNotifications, useNotificationsNext } from './api/get-notifications';
import { useViewNotification } from './api/view-notification';
import { notificationTarget } from './notification-target';
import { NotificationTime } from './notification-time';
import { PageTitle } from '@web/components/page-title';
import { centredCardStyles, cardStyles } from '@web/components/card-styles';

/** /notifications: grouped Today, Past week, All time; unviewed ones in bold. */
export function NotificationsPage() {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl">
      <PageTitle>Notifications</PageTitle>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        Notifications
      </h1>
      <div className="mt-6">
        <NotificationList />
      </div>
    </section>
  );
}

/** My notifications, grouped, with loading, failed and empty states (the page and the own profile's tab). */
export function NotificationList() {
  const { data, isPending, isError, refetch, isRefetching } = useNotifications();
  const older = useOlderNotifications();
  const shown = useRef<HTMLDivElement>(null);
  useFocusFirstLoaded(shown, older.focusId, older.focused);
  return isPending ? (
    <PageLoading label="Loading notifications…" className="min-h-48" />
  ) : isError ? (
    <LoadFailedPanel message="We could not load your notifications.">
      <button
        type="button"
        onClick={() => void refetch()}
        disabled={isRefetching}
        className={clsx(
          'px-4 py-2',
          'rounded-lg bg-brand-700 text-sm font-semibold text-white shadow-sm',
          'hover:bg-brand-800 disabled:opacity-60',
        )}
      >
        Try again
      </button>
    </LoadFailedPanel>
  ) : data.length === 0 ? (
    <div className={clsx(centredCardStyles, 'py-12')}>
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <BellIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="text-sm text-stone-700">No Notifications at this time</p>
    </div>
  ) : (
    <div ref={shown}>
      <NotificationGroups
        notifications={[...data, ...older.items.filter((n) => !data.some((d) => d._id === n._id))]}
        onViewed={older.markViewed}
      />
      {older.next && (
        <div className="mt-6 flex flex-col items-center gap-2">
          <button
            type="button"
            onClick={() => void older.loadMore()}
            disabled={older.loading}
            className={clsx(
              'px-4 py-2',
              'rounded-lg border border-stone-300 bg-white text-sm font-semibold text-stone-800 shadow-sm',
              'hover:bg-stone-50 disabled:opacity-60',
            )}
          >
            {older.loading ? 'Loading…' : 'Load more'}
          </button>
          {older.failed && (
            <p role="alert" className="text-sm text-red-700">
              We could not load more notifications.
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * 'Load more' is disabled while it loads and goes away after the last page, so focus would fall to
 * <body>: once a page is shown, focus moves to its first notification.
 */
function useFocusFirstLoaded(list: RefObject<HTMLDivElement | null>, id: string | null, done: () => void) {
  useEffect(() => {
    if (!id) return;
    const links = list.current?.querySelectorAll<HTMLElement>('[data-notification-id]') ?? [];
    [...links].find((link) => link.dataset.notificationId === id)?.focus();
    done();
  }, [list, id, done]);
}

/**
 * Pages after the newest one, loaded on 'Load more' with the `next-cursor` of the page before
 * (the newest page itself stays the bell's query).
 */
function useOlderNotifications() {
  const firstNext = useNotificationsNext();
  const [items, setItems] = useState<NotificationAnswer[]>([]);
  // undefined: nothing loaded yet, so the next page is the one after the newest
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const next = cursor === undefined ? firstNext : cursor;
  const loadMore = async () => {
    if (!next) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await getNotificationsPage(next);
      setItems((loaded) => [...loaded, ...page.items]);
      setCursor(page.next);
      setFocusId(page.items[0]?._id ?? null);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  const markViewed = (id: string) =>
    setItems((loaded) => loaded.map((n) => (n._id === id ? { ...n, viewed: true } : n)));
  const focused = useCallback(() => setFocusId(null), []);
  return { items, next, loading, failed, loadMore, markViewed, focusId, focused };
}

function NotificationGroups({
  notifications,
  onViewed,
}: {
  notifications: NotificationAnswer[];
  onViewed: (id: string) => void;
}) {
  const { mutate: viewNotification } = useViewNotification();
  const viewOne = (id: string) => {
    viewNotification(id);
    onViewed(id);
  };
  return (
    <div className="space-y-8">
      {groupNotifications(notifications).map((group) => {
        const headingId = `bucket-${group.name.replace(/\s+/g, '-').toLowerCase()}`;
        return (
          <section key={group.name} aria-labelledby={headingId}>
            <h2 id={headingId} className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-500">
              {group.name}
            </h2>
            <ul className={clsx(cardStyles, 'divide-y divide-stone-100 overflow-hidden')}>
              {group.items.map((n) => (
                <li key={n._id}>
                  <Link
                    to={notificationTarget(n.link)}
                    data-notification-id={n._id}
                    onClick={() => !n.viewed && viewOne(n._id)}
                    className={clsx(
                      'flex items-start gap-3 px-4 py-4 hover:bg-stone-50 focus-visible:-outline-offset-2! sm:px-5',
                      !n.viewed && 'bg-brand-50/60',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={clsx(
                        'mt-1.5 size-2 shrink-0 rounded-full',
                        n.viewed ? 'bg-transparent' : 'bg-brand-700',
                      )}
                    />
                    <span className="min-w-0 flex-1">
                      <span
                        className={clsx('block text-sm', n.viewed ? 'text-stone-700' : 'font-semibold text-stone-900')}
                      >
                        {!n.viewed && <span className="sr-only">Unviewed: </span>}
                        {n.message}
                      </span>
                      <NotificationTime createdAt={n.createdAt} className="mt-1 block text-xs text-stone-500" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
