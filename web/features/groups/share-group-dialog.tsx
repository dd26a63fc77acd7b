import { useEffect, useId, useRef, useState } from 'react';
import { DialogTitle, Description } from '@headlessui/react';
import { DialogShell } from '@web/components/dialog-shell';
import { CheckIcon, LinkIcon } from '@heroicons/react/20/solid';
import type { GroupAnswer } from '@common/groups/schemas';
import { Button } from '@web/components/button';
import { controlStyles } from '@web/components/form/field-frame';

export const COPIED_TEXT = 'Copied!';
export const COPY_BY_HAND =
  'Copying is not available here: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.';
const COPIED_FOR_MS = 2000;

/** The absolute address of a group page, to send to people. */
export const groupLink = (id: string) => `${window.location.origin}/group/${id}`;

type ShareGroupDialogProps = { group: GroupAnswer; open: boolean; onClose: () => void };

/** Share-link dialog: the link in a read-only box and 'Copy link'. */
export function ShareGroupDialog({ group, open, onClose }: ShareGroupDialogProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');
  const link = groupLink(group._id);

  useEffect(() => {
    if (open) setCopy('idle');
  }, [open]);
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  async function copyLink() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      // Without clipboard access (an insecure origin, a refused permission) the user copies by hand.
      input.current?.focus();
      input.current?.select();
      setCopy('manual');
    }
  }

  return (
    <DialogShell open={open} onClose={onClose} className="max-w-lg">
      <DialogTitle className="text-lg font-semibold text-stone-900">Share {group.name}</DialogTitle>
      <Description className="mt-2 text-sm text-stone-600">
        {group.isPrivate
          ? 'Send this link to people you would like to invite. They can ask to join, and you decide.'
          : 'Send this link to people you would like to invite. They can join straight away.'}
      </Description>
      <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-stone-800">
        Group link
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={inputId}
          type="text"
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className={controlStyles(false, 'min-w-0 flex-1 font-mono text-sm! text-stone-700')}
        />
        <Button onClick={copyLink} className="shrink-0">
          {copy === 'copied' ? (
            <CheckIcon aria-hidden="true" className="size-4" />
          ) : (
            <LinkIcon aria-hidden="true" className="size-4" />
          )}
          {copy === 'copied' ? COPIED_TEXT : 'Copy link'}
        </Button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-stone-600">
        {copy === 'copied' ? 'The link is on your clipboard.' : copy === 'manual' ? COPY_BY_HAND : ''}
      </p>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </DialogShell>
  );
}
