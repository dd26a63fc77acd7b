// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);
// jsdom has no Web Animations API (Headless UI stubs it noisily); its transitions only need to find none running.
beforeAll(() => {
  Element.prototype.getAnimations = () => [];
});

/** A delete button that opens the dialog, like the admin tables do. */
function DeleteRow({ onConfirm, body }: { onConfirm: () => unknown; body?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} onConfirm={onConfirm}>
        {body}
      </ConfirmDialog>
    </>
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function openDialog(onConfirm: () => unknown, body?: string) {
  const user = userEvent.setup();
  render(<DeleteRow onConfirm={onConfirm} body={body} />);
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
  return { user, dialog };
}

describe('ConfirmDialog', () => {
  it("asks 'Are You Sure?' with 'This action cannot be undone', Confirm and Cancel", async () => {
    const { dialog } = await openDialog(vi.fn());
    expect(dialog.textContent).toContain('This action cannot be undone');
    // an alertdialog whose description is read with its name
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('This action cannot be undone');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('shows a spinner on Confirm while the action runs, then closes', async () => {
    const action = deferred();
    const onConfirm = vi.fn(() => action.promise);
    const { user } = await openDialog(onConfirm);

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(confirm.querySelector('svg.animate-spin')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    action.resolve();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Cancel closes without acting', async () => {
    const onConfirm = vi.fn();
    const { user } = await openDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps the dialog open and says why when the action fails', async () => {
    const { user } = await openDialog(() => Promise.reject(new Error('The group still has members')));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The group still has members');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' }).getAttribute('aria-busy')).toBeNull();
  });

  it('takes a different body text', async () => {
    const { dialog } = await openDialog(vi.fn(), 'Remove Ada from this group?');
    expect(dialog.textContent).toContain('Remove Ada from this group?');
    expect(dialog.textContent).not.toContain('This action cannot be undone');
  });
});
