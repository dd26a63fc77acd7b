import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import type { ContentAnswer } from '@common/content/schemas';
import type { EngagementAnswer } from '@common/practice/schemas';
import { MediaPlayer } from '@web/components/media-player';
import { ContentAuthor } from './content-author';
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
};

/** Content item modal. Time spent is accounted for by whoever opened it (useContentViewer). */
export function ContentModal({ content, engagement, onClose }: ContentModalProps) {
  return (
    <Dialog open={content !== null} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-stone-900/40" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-2 sm:items-center sm:p-6">
          {content && <ContentDetails content={content} engagement={engagement} onClose={onClose} />}
        </div>
      </div>
    </Dialog>
  );
}

function ContentDetails({
  content,
  engagement,
  onClose,
}: Omit<ContentModalProps, 'content'> & { content: ContentAnswer }) {
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

      {content.media && (
        <div className="mt-4">
          <MediaPlayer
            fileKey={content.media}
            fileType={content.fileType}
            title={content.title}
            captions={content.captions}
            transcript={content.transcript}
            alt={content.altText}
          />
          <SaveForOffline content={content} className="mt-3" />
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
