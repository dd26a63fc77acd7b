import { useState } from 'react';
import { EyeIcon } from '@heroicons/react/24/outline';
import type { ContentAnswer } from '@common/content/schemas';
import type { TierAnswer } from '@common/tiers/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { CONTENT_TYPE_DISPLAY } from '@web/components/content-types';
import { dateText, viewerZone } from '@web/components/dates';
import { MediaPlayer } from '@web/components/media-player';
import { ModalFrame } from '@web/components/modal-frame';
import { TendImage } from '@web/components/tend-image';
import { memberPreview } from './member-preview-order';
import { formatPostedDate } from './posting-status';

/**
 * 'Preview as a member': the selected tier's content as a subscriber who joins
 * today sees it: what they have at once (each item opens as they would open it), what reaches
 * them later and when, and what no member sees.
 */
export function MemberPreviewButton({ tier, content }: { tier: TierAnswer; content: ContentAnswer[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
      >
        <EyeIcon className="size-4" aria-hidden="true" />
        Preview as a member
      </button>
      <ModalFrame
        open={open}
        onClose={() => setOpen(false)}
        size="lg"
        title={`${tier.name}, as a member sees it`}
        subtitle="A member who joins today sees this."
      >
        <MemberPreviewBody tier={tier} content={content} />
      </ModalFrame>
    </>
  );
}

function MemberPreviewBody({ tier, content }: { tier: TierAnswer; content: ContentAnswer[] }) {
  const preview = memberPreview(tier, content, { now: new Date(), timeZone: viewerZone() });
  const nothing = preview.firstDay.length + preview.later.length + preview.hidden.length === 0;
  if (nothing) return <p className="text-sm text-stone-600">Nothing in this tier yet: members would find it empty.</p>;

  return (
    <div className="space-y-6">
      <section aria-labelledby="preview-first-day">
        <h3 id="preview-first-day" className="text-sm font-semibold text-stone-900">
          {tier.releaseAllContent ? 'Everything, at once (a course)' : 'On their first day'}
        </h3>
        {preview.firstDay.length === 0 ? (
          <p className="mt-1 text-sm text-stone-600">Nothing yet: the first item reaches them later.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {preview.firstDay.map(({ content: item }) => (
              <PreviewItem key={item._id} item={item} />
            ))}
          </ol>
        )}
      </section>

      {preview.later.length > 0 && (
        <section aria-labelledby="preview-later">
          <h3 id="preview-later" className="text-sm font-semibold text-stone-900">
            Later
          </h3>
          <ol className="mt-2 divide-y divide-stone-100 rounded-xl ring-1 ring-stone-200">
            {preview.later.map((entry) => (
              <li key={entry.content._id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="w-28 shrink-0 text-xs font-semibold text-brand-800">
                  {entry.kind === 'queue' ? `Day ${entry.queueDay}` : dateText(entry.at)}
                </span>
                <span className="min-w-0 truncate text-stone-800">{entry.content.title}</span>
              </li>
            ))}
          </ol>
        </section>
      )}

      {preview.hidden.length > 0 && (
        <section aria-labelledby="preview-hidden">
          <h3 id="preview-hidden" className="text-sm font-semibold text-stone-900">
            Not shown to members
          </h3>
          <p className="mt-1 text-xs text-stone-600">
            Neither in the queue nor scheduled: add them to the queue or give them a date.
          </p>
          <ul className="mt-2 list-inside list-disc text-sm text-stone-700">
            {preview.hidden.map((item) => (
              <li key={item._id}>{item.title}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** An item as a member opens it: its picture, title, type and description, and its media. */
function PreviewItem({ item }: { item: ContentAnswer }) {
  const [opened, setOpened] = useState(false);
  const type = CONTENT_TYPE_DISPLAY[item.contentType];
  const panelId = `preview-${item._id}`;
  return (
    <li className="rounded-xl ring-1 ring-stone-200">
      <div className="flex items-center gap-3 p-3">
        {item.thumbnail ? (
          <TendImage path={item.thumbnail} size="xs" alt="" className="size-12 shrink-0 rounded-lg object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
          >
            <type.icon className="size-6" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-stone-900">{item.title}</p>
          <p className="truncate text-xs text-stone-500">
            {type.label}
            {item.postedDate && <> · {formatPostedDate(item.postedDate)}</>}
          </p>
        </div>
        <button
          type="button"
          aria-expanded={opened}
          aria-controls={opened ? panelId : undefined}
          aria-label={`${opened ? 'Close' : 'Open'} ${item.title}`}
          onClick={() => setOpened((was) => !was)}
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          {opened ? 'Close' : 'Open'}
        </button>
      </div>
      {opened && (
        <div id={panelId} className="space-y-3 border-t border-stone-100 p-3">
          {item.media ? (
            <MediaPlayer
              fileKey={item.media}
              fileType={item.fileType}
              title={item.title}
              maxHeight={360}
              captions={item.captions}
              transcript={item.transcript}
              alt={item.altText}
            />
          ) : (
            <p className="text-sm text-stone-600">No media: members see the text only.</p>
          )}
          {item.description && <p className="text-sm whitespace-pre-line text-stone-700">{item.description}</p>}
        </div>
      )}
    </li>
  );
}
