import { ReviewQueueLink } from '@web/components/review-queue-link';
import { Link } from 'react-router';
import type { GroupAnswer } from '@common/groups/schemas';
import type { GroupDetailsAnswer } from '@common/groups/schemas';
import { GroupCover } from './group-cover';
import { GroupFacts } from './group-facts';
import { LeaveGroupButton } from './leave-group-button';
import { MemberPreview } from './member-preview';
import { OwnerActions } from './owner-actions';

/** The member view's header: cover, name, host, facts, the first members and what the user may do. */
export function GroupHeader({ group, details }: { group: GroupAnswer; details: GroupDetailsAnswer }) {
  const host = details.groupOwner;
  const canLeave = !group.isOwner && group.membershipStatus === 'approved';
  return (
    <header className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      <GroupCover path={group.coverPhoto} className="h-36 w-full sm:h-56" />
      <div className="space-y-5 p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1
              id="page-title"
              className="text-2xl font-semibold tracking-tight break-words text-stone-900 sm:text-3xl"
            >
              {group.name}
            </h1>
            <p className="mt-1 text-sm text-stone-600">
              Hosted by{' '}
              <Link
                to={`/profile/${host._id}`}
                className="font-medium text-stone-800 hover:text-brand-700 hover:underline"
              >
                {host.name}
              </Link>
            </p>
          </div>
          {
            <div className="flex flex-wrap gap-2">
              <ReviewQueueLink groupId={group._id} />
              {group.isOwner && <OwnerActions group={group} />}
              {canLeave && <LeaveGroupButton group={group} />}
            </div>
          }
        </div>
        <GroupFacts isPrivate={group.isPrivate} isHidden={group.isHidden} memberCount={details.memberCount} />
        <MemberPreview members={details.members} memberCount={details.memberCount} />
      </div>
    </header>
  );
}

export function GroupHeaderSkeleton() {
  return (
    <div
      role="status"
      className="animate-pulse overflow-hidden rounded-2xl border border-stone-200 bg-white motion-reduce:animate-none"
    >
      <span className="sr-only">Loading group…</span>
      <div aria-hidden="true">
        <div className="h-36 bg-stone-200/70 sm:h-56" />
        <div className="space-y-3 p-5 sm:p-8">
          <div className="h-6 w-1/2 rounded bg-stone-200" />
          <div className="h-3 w-1/4 rounded bg-stone-100" />
          <div className="flex gap-2 pt-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="size-10 rounded-full bg-stone-200" />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
