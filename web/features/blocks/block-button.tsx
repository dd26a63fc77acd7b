import { useState } from 'react';
import { toast } from 'sonner';
import { NoSymbolIcon } from '@heroicons/react/24/outline';
import { BLOCK_TEXTS } from '@common/blocks/schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useBlockState, useSetBlocked } from './api';

type Person = { _id: string; name: string; isFacilitator: boolean };

/**
 * Block / Unblock for one person (a profile's header, a chat's menu). Blocking asks first and says
 * what it does; blocking a facilitator also says that the subscription, library and refunds stay.
 */
export function BlockButton({ person, compact = false }: { person: Person; compact?: boolean }) {
  const state = useBlockState(person._id);
  const setBlocked = useSetBlocked();
  const [asking, setAsking] = useState(false);
  if (state.isPending || state.isError) return null;
  const blocked = state.data;
  const unblock = () =>
    setBlocked
      .mutateAsync({ id: person._id, blocked: false })
      .then(() => toast.success(`${person.name} is unblocked.`))
      .catch(() => toast.error('We could not unblock them. Try again.'));
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={blocked ? unblock : () => setAsking(true)}
        disabled={setBlocked.isPending}
        aria-label={blocked ? `Unblock ${person.name}` : `Block ${person.name}`}
      >
        <NoSymbolIcon aria-hidden="true" className="size-4" />
        {compact ? (blocked ? 'Unblock' : 'Block') : blocked ? `Unblock ${person.name}` : `Block ${person.name}`}
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={`Block ${person.name}?`}
        confirmLabel="Block"
        onConfirm={() =>
          setBlocked
            .mutateAsync({ id: person._id, blocked: true })
            .then(() => toast.success(`${person.name} is blocked.`))
        }
      >
        <BlockExplanation person={person} />
      </ConfirmDialog>
    </>
  );
}

/** What a block does, in the confirmation. */
export function BlockExplanation({ person }: { person: Person }) {
  return (
    <span className="block space-y-2">
      <span className="block">
        You won't message each other, {person.name}'s posts and comments are collapsed for you, and you won't be
        notified of what they do. They are not told.
      </span>
      {person.isFacilitator && <span className="block font-medium">{BLOCK_TEXTS.facilitatorNote}</span>}
    </span>
  );
}
