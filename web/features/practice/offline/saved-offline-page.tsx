import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { ArrowDownTrayIcon, InformationCircleIcon } from '@heroicons/react/24/outline';
import { Button } from '@web/components/button';
import { RemoveFromDevice } from './remove-from-device';
import { buttonStyles } from '@web/components/button-styles';
import { cardStyles } from '@web/components/card-styles';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CONTENT_TYPE_DISPLAY } from '@web/components/content-types';
import { dateText } from '@web/components/dates';
import { PageTitle } from '@web/components/page-title';
import { useContentHistory } from '../api/get-content-history';
import { useTodayContent } from '../api/get-today-content';
import { ContentThumbnail } from '../content-kinds';
import { LazyContentModal } from '../lazy-content-modal';
import { EmptyPanel, PageHeading, Skeleton, skeletonBlock } from '../practice-panels';
import { useContentViewer } from '../use-content-viewer';
import { QueueRefusals } from './queue-notices';
import { useEngagementWithQueue } from './queued-practice';
import { dismissRemoved, removeAllSaved, storageEstimate, useSavedItems, type SavedItem } from './saved-media';
import { sizeText } from './size-text';

/**
 * /saved-offline: the items saved on this device for offline, the space each takes and in
 * all (and what the browser reports for the whole site), removing one or all. Works offline:
 * everything here is read from the device, and an item opens and plays from its saved copy.
 */
export function SavedOfflinePage() {
  const { items, removed, loaded } = useSavedItems();
  const { openContent, open, close } = useContentViewer();
  // the engagement the daily page knows (kept by the service worker for offline), with the queue on top
  const today = useTodayContent();
  const history = useContentHistory();
  const records = useMemo(
    () => [...(history.data?.userEngagementHistory ?? []), ...(today.data?.allEngagedContent ?? [])],
    [history.data, today.data],
  );
  const engagement = useEngagementWithQueue(records);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const total = items.reduce((sum, item) => sum + item.bytes, 0);

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl space-y-6">
      <PageTitle>Saved for offline</PageTitle>
      <PageHeading title="Saved for offline">
        <p className="mt-1 text-sm text-stone-600">
          Practices kept on this device play without a connection. They are removed when you sign out, and when your
          plan or course no longer includes them.
        </p>
      </PageHeading>

      <QueueRefusals />
      {removed.length > 0 && <RemovedNotice titles={removed.map((r) => r.title)} />}

      {!loaded ? (
        <Skeleton label="Loading your saved practices…">
          <div className={`${skeletonBlock} h-40`} />
        </Skeleton>
      ) : items.length === 0 ? (
        <EmptyPanel
          icon={ArrowDownTrayIcon}
          title="Nothing saved yet"
          action={
            <Link to="/" className={buttonStyles({ size: 'sm' })}>
              Go to today’s practice
            </Link>
          }
        >
          Open a practice with audio or video and choose “Save for offline”.
        </EmptyPanel>
      ) : (
        <>
          <SpaceUsed count={items.length} total={total} onRemoveAll={() => setConfirmingAll(true)} />
          <ul aria-label="Saved practices" className={clsx(cardStyles, 'divide-y divide-stone-100 overflow-hidden')}>
            {items.map((item) => (
              <SavedRow key={item.content._id} item={item} onOpen={() => open(item.content)} />
            ))}
          </ul>
        </>
      )}

      <ConfirmDialog
        open={confirmingAll}
        onClose={() => setConfirmingAll(false)}
        onConfirm={removeAllSaved}
        title="Remove all saved practices?"
        confirmLabel="Remove all"
      >
        They will need a connection to play again. You can save them again at any time.
      </ConfirmDialog>

      <LazyContentModal
        content={openContent}
        engagement={openContent ? engagement.get(openContent._id) : undefined}
        onClose={close}
      />
    </section>
  );
}

/** The space the saved practices take, what the browser reports for the site, and Remove all. */
function SpaceUsed({ count, total, onRemoveAll }: { count: number; total: number; onRemoveAll: () => void }) {
  return (
    <div className={clsx(cardStyles, 'flex flex-wrap items-center justify-between gap-3 p-4')}>
      <div className="min-w-0 space-y-1">
        <p className="text-sm text-stone-800">
          <strong className="font-semibold">
            {count} {count === 1 ? 'practice' : 'practices'}
          </strong>{' '}
          · {sizeText(total)} on this device
        </p>
        {/* the estimate changes with every save and removal: read again when the total changes */}
        <SiteUsage key={total} />
      </div>
      <Button variant="secondary" size="sm" onClick={onRemoveAll}>
        Remove all
      </Button>
    </div>
  );
}

/** navigator.storage.estimate: what the whole site uses of what the browser allows it. */
function SiteUsage() {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number }>();
  useEffect(() => {
    let current = true;
    void storageEstimate().then((answer) => current && setEstimate(answer));
    return () => {
      current = false;
    };
  }, []);
  if (!estimate) return null;
  return (
    <p className="text-xs text-stone-600">
      This site uses {sizeText(estimate.usage)} of the {sizeText(estimate.quota)} your browser allows it.
    </p>
  );
}

function SavedRow({ item, onOpen }: { item: SavedItem; onOpen: () => void }) {
  const { content } = item;
  return (
    <li className="flex items-center gap-2 pr-3">
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3 text-left hover:bg-stone-50 focus-visible:-outline-offset-2"
      >
        <ContentThumbnail content={content} size="xs" className="size-12 shrink-0 rounded-lg" />
        <span className="min-w-0">
          <span className="block truncate font-medium text-stone-900">{content.title}</span>
          <span className="block truncate text-xs text-stone-600">
            {CONTENT_TYPE_DISPLAY[content.contentType].label} · {content.user.name}
          </span>
          <span className="block text-xs text-stone-600">
            {sizeText(item.bytes)} · saved {dateText(item.savedAt)}
          </span>
        </span>
      </button>
      <RemoveFromDevice content={content} />
    </li>
  );
}

/** Items the app removed at start because the member's access to them ended. */
function RemovedNotice({ titles }: { titles: string[] }) {
  return (
    <div role="status" className="flex flex-wrap items-start gap-3 rounded-2xl border border-stone-200 bg-white p-4">
      <InformationCircleIcon className="size-5 shrink-0 text-stone-600" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm text-stone-700">
        Removed from this device because your plan or course no longer includes {titles.length === 1 ? 'it' : 'them'}:{' '}
        {titles.map((t) => `“${t}”`).join(', ')}.
      </p>
      <Button variant="secondary" size="sm" onClick={dismissRemoved}>
        Dismiss
      </Button>
    </div>
  );
}
