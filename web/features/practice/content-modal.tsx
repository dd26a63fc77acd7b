import { useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import type { ContentAnswer } from '@common/content/schemas';
import type { EngagementAnswer } from '@common/practice/schemas';
import { MediaPlayer } from '@web/components/media-player';
import { ContentAuthor } from './content-author';
import { ContentPlayer, type OpenedFrom, plays } from './content-player';
import { ContentThumbnail, ContentTypeBadge, FileTypeBadge } from './content-kinds';
import { FavouriteToggle, MarkDoneToggle } from './engagement-toggles';
import { JournalForm } from './journal-form';
import { SaveForOffline } from './offline/save-for-offline';
import clsx from 'clsx';

type ContentModalProps = {
  /** The open item; null keeps the dialog closed. */
  content: ContentAnswer | null;
  engagement: EngagementAnswer | undefined;
  onClose: () => void;
  /**
   * The list the item was opened from and how to open another of it: the lock screen's previous
   * and next move through it, and the item reached that way plays on.
   */
  from?: OpenedFrom & { open: (content: ContentAnswer) => void };
};

/** Content item modal. Time spent is accounted for by whoever opened it (useContentViewer). */
export function ContentModal({ content, engagement, onClose, from }: ContentModalProps) {
  // the item reached with previous or next, which plays at once
  const [continuing, setContinuing] = useState<string | null>(null);
  // an item opened again later from the list waits for play
  const close = () => {
    setContinuing(null);
    onClose();
  };
  const move = from
    ? (item: ContentAnswer) => {
        setContinuing(item._id);
        from.open(item);
      }
    : undefined;
  return (
    <Dialog open={content !== null} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-stone-900/40" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-2 sm:items-center sm:p-6">
          {content && (
            <ContentDetails
              content={content}
              engagement={engagement}
              onClose={close}
              from={from}
              onMove={move}
              autoPlay={continuing === content._id}
            />
          )}
        </div>
      </div>
    </Dialog>
  );
}

type ContentDetailsProps = Omit<ContentModalProps, 'content'> & {
  content: ContentAnswer;
  onMove: ((content: ContentAnswer) => void) | undefined;
  autoPlay: boolean;
};

function ContentDetails({ content, engagement, onClose, from, onMove, autoPlay }: ContentDetailsProps) {
  return (
    <DialogPanel className="relative w-full max-w-2xl rounded-2xl bg-white p-4 shadow-xl ring-1 ring-stone-200 sm:p-6">
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className={clsx(
          'absolute right-2 top-2 flex size-11 items-center justify-center',
          'rounded-full text-stone-500',
          'hover:bg-stone-100 hover:text-stone-800',
        )}
      >
        <XMarkIcon className="size-6" aria-hidden="true" />
      </button>

      <div className="flex items-start gap-4 pr-10">
        <ContentThumbnail content={content} size="sm" className="size-20 shrink-0 rounded-xl sm:size-24" />
        <div className="min-w-0">
          <DialogTitle className="text-xl font-semibold tracking-tight break-words text-stone-900">
            {content.title}
          </DialogTitle>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <ContentTypeBadge type={content.contentType} />
            {content.fileType && <FileTypeBadge type={content.fileType} />}
          </div>
        </div>
      </div>

      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-y border-stone-100 py-1">
        <ContentAuthor author={content.user} />
        <div className="flex items-center gap-1">
          <MarkDoneToggle content={content} on={engagement?.isComplete ?? false} showLabel />
          <FavouriteToggle content={content} on={engagement?.isFavourite ?? false} showLabel />
        </div>
      </div>

      {content.description && (
        <p className="mt-4 text-sm leading-relaxed whitespace-pre-line break-words text-stone-700">
          {content.description}
        </p>
      )}

      {content.media && plays(content) && (
        <div className="mt-4">
          <ContentPlayer
            key={content._id}
            content={{ ...content, media: content.media }}
            from={from}
            onMove={onMove}
            autoPlay={autoPlay}
          />
          <SaveForOffline content={content} className="mt-3" />
        </div>
      )}

      {content.media && !plays(content) && (
        <div className="mt-4">
          <MediaPlayer
            fileKey={content.media}
            fileType={content.fileType}
            title={content.title}
            captions={content.captions}
            transcript={content.transcript}
            alt={content.altText}
          />
        </div>
      )}

      {content.contentType === 'journal' && (
        <div className="mt-5 rounded-xl bg-stone-50 p-4">
          <JournalForm key={content._id} contentId={content._id} title={content.title} />
        </div>
      )}
    </DialogPanel>
  );
}
