import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrand } from './brand';
import { SiteFooter } from './site-footer';
import { TendLogo } from './tend-logo';
import { PageTitle } from '@web/components/page-title';

type CardPageProps = {
  title: string;
  /** One calm sentence under the title. */
  subtitle?: ReactNode;
  /** Below the card, e.g. "Don't have an account? Register". */
  below?: ReactNode;
  /** An icon above the title, e.g. on a confirmation screen. */
  icon?: ReactNode;
  children: ReactNode;
};

/**
 * A page of one task and nothing else: logo, one centred white card, the shared footer (the
 * account pages, the first-run owner setup).
 */
export function CardPage({ title, subtitle, below, icon, children }: CardPageProps) {
  const { siteName } = useBrand();
  return (
    <div className="flex min-h-svh flex-col bg-stone-50">
      <PageTitle>{title}</PageTitle>
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-10 sm:justify-center sm:py-16">
        <Link to="/" className="mb-8 rounded-lg" aria-label={`${siteName} home`}>
          <TendLogo />
        </Link>
        <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <div className={icon ? 'text-center' : undefined}>
            {icon && <div className="mb-4 flex justify-center">{icon}</div>}
            <h1 className="text-2xl font-semibold tracking-tight text-balance text-stone-900">{title}</h1>
            {subtitle && <div className="mt-2 text-sm leading-6 text-stone-600">{subtitle}</div>}
          </div>
          <div className="mt-6">{children}</div>
        </div>
        {below && <div className="mt-6 text-center text-sm text-stone-600">{below}</div>}
      </main>
      <SiteFooter />
    </div>
  );
}
