import { useState } from 'react';
import { TrashIcon } from '@heroicons/react/24/outline';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useRemovePost } from './api/remove-post';
import clsx from 'clsx';
import { postToolBaseStyles } from './post-tool-styles';

/** 'Remove post' behind the confirmation; only rendered for the author. */
export function RemovePostButton({ postId, onRemoved }: { postId: string; onRemoved?: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemovePost();
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className={clsx(postToolBaseStyles, 'hover:bg-red-50 hover:text-red-700')}
      >
        <TrashIcon aria-hidden="true" className="size-4" />
        Remove post
      </button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        confirmLabel="Remove post"
        onConfirm={async () => {
          await remove.mutateAsync(postId);
          onRemoved?.();
        }}
      />
    </>
  );
}
