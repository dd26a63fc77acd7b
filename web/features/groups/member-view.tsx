import { Link, useSearchParams } from 'react-router';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { ArrowLeftIcon } from '@heroicons/react/24/outline';
import clsx from 'clsx';
import { tabListStyles, tabStyles } from '@web/components/tab-styles';
import type { GroupAnswer } from '@common/groups/schemas';
import { useGroupDetails } from './api/get-group-details';
import { GroupAbout } from './group-about';
import { GroupDiscussion } from './group-discussion';
import { GroupHeader, GroupHeaderSkeleton } from './group-header';
import { LoadFailed } from './group-panels';
import { MembershipsPanel } from './memberships-panel';
import { PageTitle } from '@web/components/page-title';

const TABS = [
  { tab: 'about', name: 'About' },
  { tab: 'discussion', name: 'Discussion' },
  { tab: 'memberships', name: 'Memberships' },
] as const;

/**
 * Member view: the header with host, cover, members and actions, then the About and
 * Discussion tabs and, for the owner only, Memberships. The tab sits in the URL (?tab=discussion).
 */
export function MemberView({ group }: { group: GroupAnswer }) {
  const details = useGroupDetails(group._id);
  const [params, setParams] = useSearchParams();
  const tabs = group.isOwner ? TABS : TABS.filter((t) => t.tab !== 'memberships');
  const selected = Math.max(
    0,
    tabs.findIndex((t) => t.tab === params.get('tab')),
  );

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-4xl">
      <PageTitle>{group.name}</PageTitle>
      <Link
        to="/community"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-stone-600 hover:text-brand-700"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Community
      </Link>
      <div className="mt-3">
        {details.isPending ? (
          <GroupHeaderSkeleton />
        ) : details.isError ? (
          <LoadFailed message="We could not load this group's members." onRetry={() => details.refetch()} />
        ) : (
          <GroupHeader group={group} details={details.data} />
        )}
      </div>

      <TabGroup
        className="mt-6"
        selectedIndex={selected}
        onChange={(index) =>
          setParams(index === 0 ? {} : { tab: tabs[index]!.tab }, { replace: true, preventScrollReset: true })
        }
      >
        <TabList aria-label="Group sections" className={clsx(tabListStyles, 'overflow-x-auto')}>
          {tabs.map((t) => (
            <Tab key={t.tab} className={tabStyles}>
              {t.name}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-5">
          <TabPanel>
            <GroupAbout group={group} />
          </TabPanel>
          <TabPanel>
            <GroupDiscussion groupId={group._id} allowAnonymous={group.allowAnonymous} />
          </TabPanel>
          {group.isOwner && (
            <TabPanel>
              <MembershipsPanel group={group} />
            </TabPanel>
          )}
        </TabPanels>
      </TabGroup>
    </section>
  );
}
