import { useEffect, useRef, useState } from 'react';
import { ArrowDownIcon, ArrowUpIcon, MinusCircleIcon, QueueListIcon } from '@heroicons/react/24/outline';
import type { ContentAnswer } from '@common/content/schemas';
import { moveInQueue, queueCadenceText, queueDayLabel } from '@common/content/queue';
import type { TierAnswer } from '@common/tiers/schemas';
import { useUpdateTierQueue } from './api/update-tier-queue';
import { ContentRow, IconButton } from './content-row';
import { PanelSection } from './panel-section';
import clsx from 'clsx';

type ContentQueueProps = {
  tier: TierAnswer;
  /** The queued items, in queue order. */
  items: ContentAnswer[];
  editPath: (content: ContentAnswer) => string;
  onDelete: (content: ContentAnswer) => void;
};

type Direction = -1 | 1;
const buttonKey = (id: string, direction: Direction) => `${id}:${direction}`;

/**
 * Content Queue: items in queue order, each labelled 'Day N', moved one place at a time.
 * Every change posts the whole new order with the queue it was made from (POST app/tier {_id,
 * contentQueue, previousContentQueue}); a queue changed in another tab is refused and reloaded.
 */
export function ContentQueue({ tier, items, editPath, onDelete }: ContentQueueProps) {
  const { mutate: saveQueue } = useUpdateTierQueue(tier._id);
  const ids = items.map((c) => c._id);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const isCourse = tier.releaseAllContent;
  const order = ids.join();

  // A move to either end disables the button just pressed: keep focus on the item's other arrow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each move (a new order)
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const same = buttons.current.get(buttonKey(target.id, target.direction));
    const other = buttons.current.get(buttonKey(target.id, target.direction === 1 ? -1 : 1));
    (same && !same.disabled ? same : other)?.focus();
  }, [order]);

  const register = (id: string, direction: Direction) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(buttonKey(id, direction), el);
    else buttons.current.delete(buttonKey(id, direction));
  };

  function move(index: number, direction: Direction) {
    const next = moveInQueue(ids, index, direction);
    const item = items[index];
    focusAfterMove.current = { id: item._id, direction };
    const position = index + direction;
    const to = isCourse ? `position ${position + 1}` : queueDayLabel(position, tier.contentQueueFrequency);
    setAnnouncement(`${item.title} moved to ${to}`);
    saveQueue({ tierId: tier._id, contentQueue: next, previousContentQueue: tier.contentQueue });
  }

  return (
    <PanelSection
      title="Content Queue"
      subtitle={
        isCourse
          ? 'This is a course: all of its content releases at once to new members.'
          : queueCadenceText(tier.contentQueueFrequency)
      }
    >
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {items.length === 0 ? (
        <EmptyQueue />
      ) : (
        <ol className="divide-y divide-stone-100" aria-label="Content Queue">
          {items.map((content, index) => (
            <ContentRow
              key={content._id}
              content={content}
              editTo={editPath(content)}
              onDelete={onDelete}
              lead={
                <span
                  className={clsx(
                    'w-14 shrink-0 px-2 py-1',
                    'rounded-md bg-brand-50 text-center text-xs font-semibold text-brand-800',
                  )}
                >
                  {isCourse ? `#${index + 1}` : queueDayLabel(index, tier.contentQueueFrequency)}
                </span>
              }
              actions={
                <>
                  <IconButton
                    label={`Move ${content.title} up`}
                    icon={ArrowUpIcon}
                    disabled={index === 0}
                    buttonRef={register(content._id, -1)}
                    onClick={() => move(index, -1)}
                  />
                  <IconButton
                    label={`Move ${content.title} down`}
                    icon={ArrowDownIcon}
                    disabled={index === items.length - 1}
                    buttonRef={register(content._id, 1)}
                    onClick={() => move(index, 1)}
                  />
                  <IconButton
                    label={`Take ${content.title} out of the queue`}
                    icon={MinusCircleIcon}
                    onClick={() => {
                      setAnnouncement(`${content.title} taken out of the queue`);
                      saveQueue({
                        tierId: tier._id,
                        contentQueue: ids.filter((id) => id !== content._id),
                        previousContentQueue: tier.contentQueue,
                      });
                    }}
                  />
                </>
              }
            />
          ))}
        </ol>
      )}
    </PanelSection>
  );
}

function EmptyQueue() {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
      <QueueListIcon className="size-7 text-stone-400" aria-hidden="true" />
      <p className="text-sm text-stone-600">Nothing in the queue yet.</p>
      <p className="max-w-sm text-xs text-stone-500">
        Add items from ‘Content inside this plan’, or choose ‘Add to post queue’ when you create content.
      </p>
    </div>
  );
}
