import { PageTitle } from '@web/components/page-title';
import { ExportsPanel } from './exports-panel';
import type { ExportScope } from './exports-api';

const TITLES: Record<ExportScope, { title: string; lead: string }> = {
  business: {
    title: 'Export your business',
    lead: 'Everything your business holds on this site, in one archive you keep.',
  },
  site: {
    title: 'Export the site',
    lead: 'Everything on this site, every facilitator’s business included, in one archive. Secrets are never included.',
  },
};

function ExportPage({ scope }: { scope: ExportScope }) {
  const { title, lead } = TITLES[scope];
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl space-y-6">
      <PageTitle>{title}</PageTitle>
      <div>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
          {title}
        </h1>
        <p className="mt-1 text-sm text-stone-600">{lead}</p>
      </div>
      <ExportsPanel scope={scope} />
    </section>
  );
}

/** /export: a facilitator's archive of their whole business. */
export const BusinessExportPage = () => <ExportPage scope="business" />;

/** /admin/export: an admin's archive of the whole site. */
export const SiteExportPage = () => <ExportPage scope="site" />;
