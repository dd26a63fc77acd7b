import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { PlusIcon } from '@heroicons/react/24/outline';
import { tabListStyles, tabStyles } from '@web/components/tab-styles';
import { toast } from 'sonner';
import { Button } from '@web/components/button';
import { useGroups } from './api/get-groups';
import type { GroupTab } from './api/group-keys';
import { GroupFormDialog } from './group-form-dialog';
import { GroupList } from './group-list';
import { EmptyPanel } from './group-panels';
import { GROUP_TEXTS } from './group-texts';
import { SearchField } from '@web/components/search-field';
import { useDebouncedValue } from '@web/components/use-debounced-value';
import { PageTitle } from '@web/components/page-title';

// Groups: the tab sits in the URL (?tab=mine), so Back from a group returns to it.
const TABS: { tab: GroupTab; name: string }[] = [
  { tab: 'explore', name: 'Explore' },
  { tab: 'mine', name: 'My Groups' },
];

/** /community, the Groups page: Explore and My Groups, and a way to start a community. */
export function CommunityPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const selected = Math.max(
    0,
    TABS.findIndex((t) => t.tab === params.get('tab')),
  );
  const add = () => setAdding(true);

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl">
      <PageTitle>Community</PageTitle>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
            Community
          </h1>
          <p className="mt-1 text-sm text-stone-600 sm:text-base">Circles to practise with, share in and learn from.</p>
        </div>
        <Button onClick={add}>
          <PlusIcon aria-hidden="true" className="size-5" />
          {GROUP_TEXTS.addCommunity}
        </Button>
      </div>

      <TabGroup
        className="mt-6"
        selectedIndex={selected}
        onChange={(index) =>
          setParams(index === 0 ? {} : { tab: TABS[index]!.tab }, { replace: true, preventScrollReset: true })
        }
      >
        <TabList className={tabListStyles}>
          {TABS.map((t) => (
            <Tab key={t.tab} className={tabStyles}>
              {t.name}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-5">
          {/* the cards' h3 names sit under a heading of their own (no h1 -> h3 jump) */}
          <TabPanel>
            <h2 className="sr-only">{TABS[0]!.name}</h2>
            <ExploreGroups onAdd={add} />
          </TabPanel>
          <TabPanel>
            <h2 className="sr-only">{TABS[1]!.name}</h2>
            <MyGroups onExplore={() => setParams({}, { replace: true })} onAdd={add} />
          </TabPanel>
        </TabPanels>
      </TabGroup>

      <GroupFormDialog
        open={adding}
        onClose={() => setAdding(false)}
        title={GROUP_TEXTS.addCommunity}
        onSaved={(group) => {
          toast.success(`${group.name} is ready. Invite people with the Share button.`);
          setAdding(false);
          navigate(`/group/${group._id}`);
        }}
      />
    </section>
  );
}

function ExploreGroups({ onAdd }: { onAdd: () => void }) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const settled = useDebouncedValue(search).trim();
  const groups = useGroups('explore', settled);

  function change(text: string) {
    setSearch(text);
    // Kept in the URL too (replacing the entry), so Back from a group returns to the same results.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text.trim()) next.set('q', text);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="space-y-5">
      <SearchField
        label="Search groups"
        placeholder="Search by name, tag or description"
        value={search}
        onChange={change}
        className="max-w-md"
      />
      <GroupList
        groups={groups}
        label="Groups to explore"
        empty={
          settled ? (
            <EmptyPanel title={GROUP_TEXTS.noGroupsMatch(settled)}>Try a shorter word, or another tag.</EmptyPanel>
          ) : (
            <EmptyPanel
              title={GROUP_TEXTS.exploreEmpty}
              action={
                <Button size="sm" onClick={onAdd}>
                  Start a community
                </Button>
              }
            >
              You are in every group there is, or none have been started yet. Why not start one?
            </EmptyPanel>
          )
        }
      />
    </div>
  );
}

function MyGroups({ onExplore, onAdd }: { onExplore: () => void; onAdd: () => void }) {
  const groups = useGroups('mine');
  return (
    <GroupList
      groups={groups}
      label="My groups"
      empty={
        <EmptyPanel
          title={GROUP_TEXTS.mineEmpty}
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <Button size="sm" onClick={onExplore}>
                Explore groups
              </Button>
              <Button variant="secondary" size="sm" onClick={onAdd}>
                Start a community
              </Button>
            </div>
          }
        >
          Groups you join or start will appear here.
        </EmptyPanel>
      }
    />
  );
}
