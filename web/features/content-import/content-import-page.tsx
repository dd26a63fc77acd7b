import type { ReactNode } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { ArrowLeftIcon, RectangleStackIcon } from '@heroicons/react/24/outline';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '@web/components/button-styles';
import { backLinkStyles } from '@web/components/link-styles';
import { PageLoading } from '@web/components/page-loading';
import { PageTitle } from '@web/components/page-title';
import { EmptyPanel, LoadFailed } from '@web/components/state-panels';
import { tabListStyles, tabStyles } from '@web/components/tab-styles';
import { useProgram } from '../program/api/get-program';
import { FeedImport } from './feed-import';
import { FilesImport } from './files-import';
import { ImportProgress } from './import-progress';
import { ZipImport } from './zip-import';

const panel = 'mt-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6';

/**
 * /program/import: a facilitator brings many recordings in at once, from a podcast feed, several
 * files or a ZIP, into one tier's queue; the import runs on the server and its progress shows here
 * (`?import=<id>` keeps it across a reload).
 */
export function ContentImportPage() {
  const program = useProgram();
  const [params, setParams] = useSearchParams();
  const importId = params.get('import');
  const show = (id: string) => setParams({ import: id });

  let body: ReactNode;
  if (importId) {
    body = (
      <div className={panel}>
        <ImportProgress id={importId} />
        <button
          type="button"
          className="mt-4 text-sm font-semibold text-brand-800 underline"
          onClick={() => setParams({})}
        >
          Import more
        </button>
      </div>
    );
  } else if (program.isPending) {
    body = <PageLoading label="Loading your tiers…" className="min-h-48" />;
  } else if (program.isError) {
    body = <LoadFailed message="We could not load your tiers." onRetry={() => program.refetch()} />;
  } else if (program.data.tiers.length === 0) {
    body = (
      <EmptyPanel
        icon={RectangleStackIcon}
        title="You have no tiers yet"
        className="mt-6"
        action={
          <Link to="/program/tier/new" className={buttonStyles()}>
            Add Tier
          </Link>
        }
      >
        Imported recordings go into a tier’s queue. Add a tier first.
      </EmptyPanel>
    );
  } else {
    const tiers = program.data.tiers.map((t) => ({ _id: t._id, name: t.name }));
    body = (
      <TabGroup className="mt-6">
        <TabList className={tabListStyles} aria-label="Where the recordings come from">
          <Tab className={tabStyles}>Podcast feed</Tab>
          <Tab className={tabStyles}>Files</Tab>
          <Tab className={tabStyles}>ZIP</Tab>
        </TabList>
        <TabPanels>
          <TabPanel className={panel}>
            <FeedImport tiers={tiers} onStarted={show} />
          </TabPanel>
          <TabPanel className={panel}>
            <FilesImport tiers={tiers} onStarted={show} />
          </TabPanel>
          <TabPanel className={panel}>
            <ZipImport tiers={tiers} onStarted={show} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    );
  }

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl">
      <PageTitle>Import content</PageTitle>
      <Link to="/program" className={backLinkStyles}>
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Back to Membership
      </Link>
      <h1 id="page-title" className="mt-2 text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        Import content
      </h1>
      <p className="mt-1 text-sm text-stone-600">
        Bring in many recordings at once, from your podcast, a set of files or a ZIP. Each becomes an item in the tier’s
        queue.
      </p>
      {body}
    </section>
  );
}
