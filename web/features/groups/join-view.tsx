import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon, ClockIcon, ExclamationTriangleIcon, InformationCircleIcon } from '@heroicons/react/20/solid';
import { toast } from 'sonner';
import { GROUP_MESSAGES, type GroupAnswer } from '@common/groups/schemas';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import { useJoinGroup } from './api/join-group';
import { GroupCover } from './group-cover';
import { GroupFacts } from './group-facts';
import { RequestToJoinDialog } from './request-to-join-dialog';
import { useGoBack } from './use-go-back';
import { PageTitle } from '@web/components/page-title';

/**
 * Join view: what the group is, then Join (open groups) or Request to Join with a
 * message to the host (private groups); pending, declined and full say so instead.
 */
export function JoinView({ group }: { group: GroupAnswer }) {
  const goBack = useGoBack();
  const join = useJoinGroup();
  const [asking, setAsking] = useState(false);
  const status = group.membershipStatus;
  const canAsk = status === 'none' && !group.isFull;

  function joinOpenGroup() {
    join.mutate(
      { id: group._id, text: '' },
      { onSuccess: (membership) => membership.status === 'approved' && toast.success(`Welcome to ${group.name}!`) },
    );
  }

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl">
      <PageTitle>{group.name}</PageTitle>
      <article className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
        <GroupCover path={group.coverPhoto} className="h-40 w-full sm:h-56" />
        <div className="space-y-5 p-5 sm:p-8">
          <header>
            <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
              {group.name}
            </h1>
            <p className="mt-1 text-sm text-stone-600">
              Hosted by{' '}
              <Link
                to={`/profile/${group.owner._id}`}
                className="font-medium text-stone-800 hover:text-brand-700 hover:underline"
              >
                {group.owner.name}
              </Link>
            </p>
          </header>
          <GroupFacts isPrivate={group.isPrivate} isHidden={group.isHidden} memberCount={group.members} />
          {group.description ? (
            <p className="text-base whitespace-pre-line text-stone-700">{group.description}</p>
          ) : (
            <p className="text-sm text-stone-500 italic">The host has not written a description yet.</p>
          )}

          {status === 'pending' && <Notice tone="pending">{GROUP_MESSAGES.pending}</Notice>}
          {status === 'rejected' && <Notice tone="info">{GROUP_MESSAGES.rejected}</Notice>}
          {status !== 'rejected' && group.isFull && <Notice tone="warning">{GROUP_MESSAGES.full}</Notice>}
          {join.isError && (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
            >
              {formErrorText(join.error)}
            </p>
          )}

          <div className="flex flex-col-reverse gap-3 border-t border-stone-100 pt-5 sm:flex-row sm:justify-between">
            <Button variant="secondary" onClick={goBack}>
              <ArrowLeftIcon aria-hidden="true" className="size-4" />
              Back
            </Button>
            {canAsk &&
              (group.isPrivate ? (
                <Button onClick={() => setAsking(true)}>Request to Join</Button>
              ) : (
                <Button onClick={joinOpenGroup} pending={join.isPending}>
                  Join
                </Button>
              ))}
          </div>
        </div>
      </article>
      {group.isPrivate && <RequestToJoinDialog group={group} open={asking} onClose={() => setAsking(false)} />}
    </section>
  );
}

const TONES = {
  pending: { Icon: ClockIcon, className: 'bg-amber-50 text-amber-900 ring-amber-200', iconClass: 'text-amber-600' },
  warning: {
    Icon: ExclamationTriangleIcon,
    className: 'bg-red-50 text-red-800 ring-red-200',
    iconClass: 'text-red-600',
  },
  info: {
    Icon: InformationCircleIcon,
    className: 'bg-stone-50 text-stone-700 ring-stone-200',
    iconClass: 'text-stone-500',
  },
} as const;

function Notice({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  const { Icon, className, iconClass } = TONES[tone];
  return (
    <p role="status" className={`flex items-start gap-2 rounded-lg px-3 py-2.5 text-sm ring-1 ring-inset ${className}`}>
      <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${iconClass}`} />
      {children}
    </p>
  );
}
