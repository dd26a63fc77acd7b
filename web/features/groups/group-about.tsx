import type { ReactNode } from 'react';
import type { GroupAnswer } from '@common/groups/schemas';
import { useTags } from './api/get-tags';
import { GROUP_TEXTS } from './group-texts';

/** The About tab: description, category, tags, Private/Open, Hidden/Visible and the member cap. */
export function GroupAbout({ group }: { group: GroupAnswer }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 className="text-lg font-semibold text-stone-900">About this group</h2>
      {group.description ? (
        <p className="mt-3 text-base whitespace-pre-line text-stone-700">{group.description}</p>
      ) : (
        <p className="mt-3 text-sm text-stone-500 italic">No description yet.</p>
      )}
      <dl className="mt-6 grid gap-x-8 gap-y-5 border-t border-stone-100 pt-6 sm:grid-cols-2">
        <Fact term="Category">{group.category || 'None'}</Fact>
        <Fact term="Tags">
          <TagList ids={group.tags} />
        </Fact>
        <Fact term="Joining">
          {group.isPrivate ? GROUP_TEXTS.private : GROUP_TEXTS.open}
          <span className="block text-sm text-stone-500">
            {group.isPrivate ? 'The host approves each request.' : 'Anyone can join straight away.'}
          </span>
        </Fact>
        <Fact term="Listing">
          {group.isHidden ? GROUP_TEXTS.hidden : GROUP_TEXTS.visible}
          <span className="block text-sm text-stone-500">
            {group.isHidden ? 'Not listed in Explore; found through its link.' : 'Listed in Explore.'}
          </span>
        </Fact>
        <Fact term="Member cap">{group.memberCap === null ? 'No cap' : `${group.memberCap} members`}</Fact>
        <Fact term="Anonymous posts">{group.allowAnonymous ? 'Allowed' : 'Not allowed'}</Fact>
      </dl>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-stone-500">{term}</dt>
      <dd className="mt-1 text-base text-stone-900">{children}</dd>
    </div>
  );
}

/** The group's tag ids named by GET app/tags. */
function TagList({ ids }: { ids: string[] }) {
  const tags = useTags();
  if (ids.length === 0) return <>None</>;
  if (tags.isPending) return <span className="text-sm text-stone-500">Loading…</span>;
  const texts = ids
    .map((id) => tags.data?.find((tag) => tag._id === id)?.text)
    .filter((text): text is string => Boolean(text));
  if (texts.length === 0) return <>None</>;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {texts.map((text) => (
        <li key={text} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
          {text}
        </li>
      ))}
    </ul>
  );
}
