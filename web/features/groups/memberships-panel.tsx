import { useId, useState } from 'react';
import clsx from 'clsx';
import { toast } from 'sonner';
import type { GroupAnswer } from '@common/groups/schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { PersonLink } from '@web/components/person-link';
import { useMembershipRequests, type MembershipRequest } from './api/get-membership-requests';
import { useUpdateRequest } from './api/update-request';
import { EmptyPanel, LoadFailed } from './group-panels';
import { GROUP_TEXTS } from './group-texts';

const STATUS_LABELS = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;
const STATUS_STYLES = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-brand-50 text-brand-800 ring-brand-100',
  rejected: 'bg-stone-100 text-stone-600 ring-stone-200',
} as const;

/** The owner's Memberships tab: every request with what may be decided on it. */
export function MembershipsPanel({ group }: { group: GroupAnswer }) {
  const requests = useMembershipRequests(group._id);

  if (requests.isPending) {
    return (
      <div role="status" className="animate-pulse space-y-3 motion-reduce:animate-none">
        <span className="sr-only">Loading requests…</span>
        {[0, 1].map((i) => (
          <div key={i} aria-hidden="true" className="h-24 rounded-2xl bg-stone-200/70" />
        ))}
      </div>
    );
  }
  if (requests.isError)
    return <LoadFailed message="We could not load the membership requests." onRetry={() => requests.refetch()} />;

  // The owner's own membership is not theirs to decide on.
  const shown = requests.data.filter((request) => request.user._id !== group.owner._id);
  if (shown.length === 0) return <EmptyPanel title="No requests yet">{GROUP_TEXTS.noRequests}</EmptyPanel>;
  const pending = shown.filter((r) => r.status === 'pending').length;

  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-600">
        {pending === 0
          ? 'Nothing is waiting for you.'
          : `${pending} ${pending === 1 ? 'request is' : 'requests are'} waiting for your decision.`}
      </p>
      <ul aria-label="Membership requests" className="space-y-3">
        {shown.map((request) => (
          <li key={request._id}>
            <RequestRow groupId={group._id} request={request} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function RequestRow({ groupId, request }: { groupId: string; request: MembershipRequest }) {
  const nameId = useId();
  const update = useUpdateRequest();
  const [removing, setRemoving] = useState(false);
  const { name } = request.user;

  const decide = async (status: 'approved' | 'rejected') => {
    await update.mutateAsync({ groupId, requestId: request._id, status });
    if (status === 'approved') toast.success(`${name} is now a member.`);
  };

  return (
    <article aria-labelledby={nameId} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {/* the group's name is the page's h1 and the tabs have no heading: each request is an h2 */}
          <h2 id={nameId} className="text-sm font-semibold text-stone-900">
            <PersonLink person={request.user} avatar={false} className="font-semibold" />
          </h2>
          <p className="truncate text-sm text-stone-600">{request.user.email}</p>
        </div>
        <span
          className={clsx(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
            STATUS_STYLES[request.status],
          )}
        >
          {STATUS_LABELS[request.status]}
        </span>
      </div>
      {request.requestText ? (
        <blockquote className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm whitespace-pre-line text-stone-700">
          {request.requestText}
        </blockquote>
      ) : (
        <p className="mt-3 text-sm text-stone-500 italic">No message.</p>
      )}
      {request.status !== 'rejected' && (
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          {request.status === 'pending' ? (
            <>
              <Button variant="secondary" size="sm" aria-describedby={nameId} onClick={() => decide('rejected')}>
                Reject
              </Button>
              <Button size="sm" aria-describedby={nameId} onClick={() => decide('approved')}>
                Approve
              </Button>
            </>
          ) : (
            <Button variant="secondary" size="sm" aria-describedby={nameId} onClick={() => setRemoving(true)}>
              Remove
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title={`Remove ${name}?`}
        confirmLabel="Remove"
        onConfirm={() => decide('rejected')}
      >
        {name} will no longer see the group's discussion, and cannot ask to join again.
      </ConfirmDialog>
    </article>
  );
}
