import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ShieldCheckIcon } from '@heroicons/react/24/outline';
import { MyModerationAnswer } from '@common/moderation/schemas';
import { call } from '@web/api/client';
import { buttonStyles } from './button-styles';

/**
 * 'Moderation' on a group's page, for those who review it (its moderators, owner, tier
 * facilitator, admins): the queue and the Moderators section. Reads GET app/moderation/me itself
 * (the same cache entry as the moderation feature), so the group page imports no other feature.
 */
export function ReviewQueueLink({ groupId }: { groupId: string }) {
  const { data } = useQuery({
    queryKey: ['moderation-me'],
    queryFn: async () => MyModerationAnswer.parse(await call('app/moderation/me')),
  });
  if (!data || !(data.isAdmin || data.moderates.some((g) => g._id === groupId))) return null;
  return (
    <Link to={`/group/${groupId}/moderation`} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
      <ShieldCheckIcon aria-hidden="true" className="size-4" />
      Moderation
    </Link>
  );
}
