import { Link } from 'react-router';
import { CalendarDaysIcon, NewspaperIcon, UserGroupIcon } from '@heroicons/react/24/outline';
import { buttonStyles } from '@web/components/button-styles';
import { EmptyPanel } from '@web/components/state-panels';
import { countUnviewed, useNotifications } from '@web/features/notifications/api/get-notifications';
import { GroupList } from '@web/features/groups/group-list';
import { PostList } from '@web/features/posts/post-list';
import { UpcomingSessions } from '@web/features/sessions/upcoming-sessions';
import { useAuthorPosts } from './api/get-author-posts';
import { useOwnedGroups } from './api/get-owned-groups';
import type { ProfileSubject } from './api/profile-keys';
import clsx from 'clsx';

export const PROFILE_TEXTS = {
  noPosts: 'No Posts Available',
  noGroups: 'No Groups Available',
} as const;

/** Feed tab: their posts, with hearts and removal kept in step with every other post list. */
export function ProfileFeed({ subject, name }: { subject: ProfileSubject; name: string }) {
  const posts = useAuthorPosts(subject);
  return (
    <section aria-labelledby="feed-title" className="mx-auto max-w-2xl space-y-4">
      <h2 id="feed-title" className="sr-only">
        Feed
      </h2>
      <PostList
        feed={posts}
        label={`Posts by ${name}`}
        empty={<EmptyPanel icon={NewspaperIcon}>{PROFILE_TEXTS.noPosts}</EmptyPanel>}
      />
    </section>
  );
}

/** Groups tab: the groups they own (hidden ones only on the owner's own profile). */
export function ProfileGroups({ subject, name, isOwn }: { subject: ProfileSubject; name: string; isOwn: boolean }) {
  const groups = useOwnedGroups(subject);
  return (
    <section aria-labelledby="groups-title" className="space-y-4">
      <h2 id="groups-title" className="sr-only">
        Groups
      </h2>
      <GroupList
        groups={groups}
        label={isOwn ? 'Your groups' : `Groups by ${name}`}
        empty={
          <EmptyPanel
            icon={UserGroupIcon}
            action={
              isOwn && (
                <Link to="/community" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
                  Go to Community
                </Link>
              )
            }
          >
            {PROFILE_TEXTS.noGroups}
          </EmptyPanel>
        }
      />
    </section>
  );
}

/** userSessions: a member's own upcoming booked sessions. */
export function ProfileUserSessions() {
  return (
    <section aria-labelledby="user-sessions-title" className="space-y-4">
      <h2 id="user-sessions-title" className="flex items-center gap-2 text-xl font-semibold text-stone-900">
        <CalendarDaysIcon className="size-5 text-brand-700" aria-hidden="true" />
        Upcoming sessions
      </h2>
      <UpcomingSessions labelledBy="user-sessions-title" />
    </section>
  );
}

/** 'Notifications' with the unviewed count as a badge; the count is part of the tab's name. */
export function NotificationsTabLabel() {
  const unviewed = countUnviewed(useNotifications().data);
  return (
    <span className="inline-flex items-center gap-1.5">
      Notifications
      {unviewed > 0 && (
        <>
          <span
            aria-hidden="true"
            className={clsx(
              'px-1.5 py-0.5',
              'rounded-full bg-brand-700 text-xs leading-none font-semibold text-white tabular-nums',
            )}
          >
            {unviewed}
          </span>
          <span className="sr-only">{` (${unviewed} unviewed)`}</span>
        </>
      )}
    </span>
  );
}
