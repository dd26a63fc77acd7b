import { useParams } from 'react-router';
import { PageLoading } from '@web/components/page-loading';
import { useWhoami } from '@web/features/session/api/get-whoami';
import { isAdmin, isSignedIn } from '@web/features/session/roles';
import { isNotFound, useGroupDisplayData } from './api/get-group-display-data';
import { GroupNotFound } from './group-not-found';
import { LoadFailed } from './group-panels';
import { JoinView } from './join-view';
import { MemberView } from './member-view';
import { PageTitle } from '@web/components/page-title';

/**
 * /group/{id}: the join view without a membership or while it is
 * pending (or was declined); the member view for approved members, the owner and admins.
 */
export function GroupPage() {
  const { id = '' } = useParams();
  const display = useGroupDisplayData(id);
  const { data: whoami } = useWhoami();
  const admin = isSignedIn(whoami) && isAdmin(whoami);

  if (display.isPending) {
    return (
      <>
        <PageTitle>Group</PageTitle>
        <PageLoading label="Loading group…" />
      </>
    );
  }
  if (display.isError) {
    if (isNotFound(display.error)) return <GroupNotFound />;
    return (
      <section className="mx-auto w-full max-w-3xl">
        <PageTitle>Group</PageTitle>
        <LoadFailed message="We could not load this group." onRetry={() => display.refetch()} />
      </section>
    );
  }

  const group = display.data;
  const inside = group.isOwner || group.membershipStatus === 'approved' || admin;
  return inside ? <MemberView key={group._id} group={group} /> : <JoinView group={group} />;
}
