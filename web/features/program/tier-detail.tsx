import { useState } from 'react';
import { toast } from 'sonner';
import type { ContentAnswer } from '@common/content/schemas';
import type { TierAnswer } from '@common/tiers/schemas';
import { CONFIRM_TEXT, ConfirmDialog } from '@web/components/confirm-dialog';
import { useDeleteContent } from './api/delete-content';
import { ComplimentaryAccess } from './complimentary-access';
import { ContentQueue } from './content-queue';
import { DeleteProgram, type DeleteOutcome } from './delete-program';
import { MemberPreviewButton } from './member-preview';
import { OffersEditor } from './offers-editor';
import { PlanContent } from './plan-content';

type TierDetailProps = {
  tier: TierAnswer;
  /** All of the facilitator's content. */
  content: ContentAnswer[];
  onProgramDeleted: (outcome: DeleteOutcome) => void;
};

/** The selected tier's content: what is inside the plan, the queue, and deleting the program. */
export function TierDetail({ tier, content, onProgramDeleted }: TierDetailProps) {
  // The item stays named while the dialog fades out after closing.
  const [toDelete, setToDelete] = useState<ContentAnswer | null>(null);
  const [confirming, setConfirming] = useState(false);
  const askToDelete = (c: ContentAnswer) => {
    setToDelete(c);
    setConfirming(true);
  };
  const { mutateAsync: deleteContent } = useDeleteContent();

  const byId = new Map(content.map((c) => [c._id, c]));
  const queue = tier.contentQueue.map((id) => byId.get(id)).filter((c): c is ContentAnswer => c !== undefined);
  const queued = new Set(tier.contentQueue);
  const outside = content.filter((c) => c.tiers.includes(tier._id) && !queued.has(c._id));
  // The form brings the facilitator back to this tier after saving.
  const editPath = (c: ContentAnswer) =>
    `/program/content/${encodeURIComponent(c._id)}?tier=${encodeURIComponent(tier._id)}`;

  // A failure throws: the dialog stays open and says why.
  async function confirmDelete() {
    if (!toDelete) return;
    await deleteContent(toDelete._id);
    toast.success(`‘${toDelete.title}’ has been deleted`);
  }

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <MemberPreviewButton tier={tier} content={content} />
      </div>
      <PlanContent
        tier={tier}
        queueIds={queue.map((c) => c._id)}
        items={outside}
        editPath={editPath}
        onDelete={askToDelete}
      />
      <ContentQueue tier={tier} items={queue} editPath={editPath} onDelete={askToDelete} />
      {tier.price > 0 && <OffersEditor tier={tier} />}
      <ComplimentaryAccess tier={tier} />
      <DeleteProgram tier={tier} onDeleted={onProgramDeleted} />
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} onConfirm={confirmDelete}>
        <p>‘{toDelete?.title}’ will be deleted and taken out of every tier and queue.</p>
        <p className="mt-1">{CONFIRM_TEXT}</p>
      </ConfirmDialog>
    </div>
  );
}
