import { useId, useState, type FormEvent } from 'react';
import { DialogTitle, Description } from '@headlessui/react';
import { DialogShell } from '@web/components/dialog-shell';
import { toast } from 'sonner';
import type { GroupAnswer } from '@common/groups/schemas';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import { controlStyles } from '@web/components/form/field-frame';
import { useJoinGroup } from './api/join-group';

const MESSAGE_MAX = 1000;

type RequestToJoinDialogProps = { group: GroupAnswer; open: boolean; onClose: () => void };

/** A private group is asked to join with a message to the host. */
export function RequestToJoinDialog({ group, open, onClose }: RequestToJoinDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const join = useJoinGroup();

  const close = () => {
    if (!join.isPending) onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (join.isPending) return;
    join.mutate(
      { id: group._id, text: text.trim() },
      {
        onSuccess: () => {
          toast.success(`Your request was sent to ${group.owner.name}.`);
          setText('');
          onClose();
        },
      },
    );
  }

  return (
    <DialogShell open={open} onClose={close} className="max-w-md">
      <form onSubmit={submit} aria-label="Request to join">
        <DialogTitle className="text-lg font-semibold text-stone-900">Request to join {group.name}</DialogTitle>
        <Description className="mt-2 text-sm text-stone-600">
          {group.name} is private. {group.owner.name} will read your message and decide on your request.
        </Description>
        <label htmlFor={id} className="mt-4 block text-sm font-medium text-stone-800">
          Message to the host
        </label>
        <textarea
          id={id}
          rows={4}
          value={text}
          maxLength={MESSAGE_MAX}
          data-autofocus
          placeholder="A few words about you and why you would like to join"
          onChange={(event) => setText(event.target.value)}
          className={controlStyles(false, 'mt-1.5 resize-y')}
        />
        {join.isError && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {formErrorText(join.error)}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={join.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={join.isPending}>
            Send request
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
