import { Link } from 'react-router';
import { DocumentPlusIcon, PlusIcon } from '@heroicons/react/24/outline';
import type { ContentAnswer } from '@common/content/schemas';
import type { TierAnswer } from '@common/tiers/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { useUpdateTierQueue } from './api/update-tier-queue';
import { ContentRow } from './content-row';
import { PanelSection } from './panel-section';
import { postingStatus } from './posting-status';
import clsx from 'clsx';

type PlanContentProps = {
  tier: TierAnswer;
  /** The queue as shown (known items only), which 'Add to queue' extends. */
  queueIds: string[];
  /** The tier's items that are not in its queue. */
  items: ContentAnswer[];
  editPath: (content: ContentAnswer) => string;
  onDelete: (content: ContentAnswer) => void;
};

/** 'Content inside this plan': the tier's items outside its queue, with Add Content. */
export function PlanContent({ tier, queueIds, items, editPath, onDelete }: PlanContentProps) {
  const { mutate: saveQueue, isPending } = useUpdateTierQueue(tier._id);
  const addContent = (
    <Link to={`/program/content/new?tier=${encodeURIComponent(tier._id)}`} className={buttonStyles({ size: 'sm' })}>
      <PlusIcon className="size-4" aria-hidden="true" />
      Add Content
    </Link>
  );
  return (
    <PanelSection
      title="Content inside this plan"
      subtitle="Posted or scheduled items, and items waiting to join the queue."
      action={addContent}
    >
      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
          <DocumentPlusIcon className="size-7 text-stone-400" aria-hidden="true" />
          <p className="text-sm text-stone-600">No content outside the queue.</p>
        </div>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label="Content inside this plan">
          {items.map((content) => (
            <ContentRow
              key={content._id}
              content={content}
              editTo={editPath(content)}
              onDelete={onDelete}
              // Outside this tier's queue, whatever the item's inPostQueue flag says (it may have
              // been taken out of this queue, or sit in another tier's).
              detail={postingStatus({ ...content, inPostQueue: false })}
              actions={
                <button
                  type="button"
                  disabled={isPending}
                  onClick={() =>
                    saveQueue({
                      tierId: tier._id,
                      contentQueue: [...queueIds, content._id],
                      previousContentQueue: tier.contentQueue,
                    })
                  }
                  className={clsx(
                    'mr-1 inline-flex min-h-10 items-center px-3',
                    'rounded-lg text-sm font-semibold text-brand-700 ring-1 ring-inset ring-brand-600/30',
                    'hover:bg-brand-50 disabled:opacity-60',
                  )}
                >
                  Add to queue<span className="sr-only">: {content.title}</span>
                </button>
              }
            />
          ))}
        </ul>
      )}
    </PanelSection>
  );
}
