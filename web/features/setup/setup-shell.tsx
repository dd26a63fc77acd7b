import type { ReactNode } from 'react';
import { SiteFooter } from '@web/components/site-footer';
import { TendLogo } from '@web/components/tend-logo';

/**
 * The first-run page's frame: logo, one centred card, the footer; the same look as the account
 * pages (features/auth's AuthShell, which features do not import from each other).
 */
export function SetupShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-stone-50">
      <title>{`${title} · Tend`}</title>
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-10 sm:justify-center sm:py-16">
        <TendLogo className="mb-8" />
        <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-balance text-stone-900">{title}</h1>
          {subtitle && <div className="mt-2 text-sm leading-6 text-stone-600">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
