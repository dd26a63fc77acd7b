import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@web/components/button-styles';
import { SiteFooter } from '@web/components/site-footer';
import { TendLogo } from '@web/components/tend-logo';

type AuthShellProps = {
  title: string;
  /** One calm sentence under the title. */
  subtitle?: ReactNode;
  /** Below the card, e.g. "Don't have an account? Register". */
  below?: ReactNode;
  /** An icon above the title, e.g. on a confirmation screen. */
  icon?: ReactNode;
  children: ReactNode;
};

/** The public account pages: logo, one centred white card, the shared footer. */
export function AuthShell({ title, subtitle, below, icon, children }: AuthShellProps) {
  return (
    <div className="flex min-h-svh flex-col bg-stone-50">
      <title>{`${title} · Tend`}</title>
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-10 sm:justify-center sm:py-16">
        <Link to="/" className="mb-8 rounded-lg" aria-label="Tend home">
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

type AuthConfirmationProps = {
  title: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Where the one button onwards goes, and its words. */
  linkTo: string;
  linkLabel: string;
  children: ReactNode;
};

/** A finished step: a round icon above the title, a few words, one full-width button onwards. */
export function AuthConfirmation({ title, icon: Icon, linkTo, linkLabel, children }: AuthConfirmationProps) {
  return (
    <AuthShell
      title={title}
      icon={
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      }
    >
      {children}
      <Link to={linkTo} className={`${buttonStyles({ fullWidth: true })} mt-6`}>
        {linkLabel}
      </Link>
    </AuthShell>
  );
}

/** The link look used on auth pages (brand green, underlined on hover). */
export const authLinkStyles = 'rounded font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline';
