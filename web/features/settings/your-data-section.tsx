import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ArrowDownTrayIcon, TrashIcon } from '@heroicons/react/24/outline';
import { DeleteAccountRequest } from '@common/profiles/schemas';
import { clearToken } from '@web/api/client';
import { forgetMemberData } from '@web/api/member-data';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { InputField } from '@web/components/form/input-field';
import { deleteAccount, downloadAccountData } from './api/account-data';

export const DOWNLOAD_STARTED_TEXT = 'Your data is downloading.';
export const ACCOUNT_DELETED_TEXT = 'Your account has been deleted.';
export const DELETE_TITLE = 'Delete your account?';

/** 'Your data': a copy of everything I have put in, and deleting the account for good. */
export function YourDataSection() {
  const [deleting, setDeleting] = useState(false);

  async function download() {
    await downloadAccountData();
    toast.success(DOWNLOAD_STARTED_TEXT);
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600">
        Download a copy of everything your account holds as a JSON file: your profile, posts, comments, messages, groups
        and memberships, subscriptions, bookings, payments and notifications, and if you facilitate, your plans,
        content, sessions and revenue.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" onClick={download}>
          <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
          Download my data
        </Button>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          <TrashIcon className="size-4" aria-hidden="true" />
          Delete my account
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </div>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');

  async function confirm() {
    const checked = DeleteAccountRequest.safeParse({ password });
    if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Enter your password');
    await deleteAccount(checked.data.password);
    await forgetMemberData();
    clearToken();
    queryClient.clear();
    toast.success(ACCOUNT_DELETED_TEXT);
    navigate('/login', { replace: true });
  }

  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        setPassword('');
        onClose();
      }}
      onConfirm={confirm}
      title={DELETE_TITLE}
      confirmLabel="Delete my account"
    >
      <div className="space-y-3">
        <p>This removes your account for good. It cannot be undone.</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Your posts, comments and messages are deleted.</li>
          <li>Groups you own are deleted, with their posts.</li>
          <li>Your paid subscriptions are cancelled.</li>
        </ul>
        <InputField
          value={password}
          onChange={(value) => setPassword(String(value ?? ''))}
          type="password"
          label="Password"
          description="Enter your password to confirm."
          autoComplete="current-password"
          maxLength={1024}
          className="pt-1 text-left"
        />
      </div>
    </ConfirmDialog>
  );
}
