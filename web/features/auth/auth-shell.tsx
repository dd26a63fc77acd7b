import type { ComponentType, ReactNode, SVGProps } from 'react';
import { CardPage } from '@web/components/card-page';
import { Link } from 'react-router';
import { buttonStyles } from '@web/components/button-styles';

/** The public account pages: logo, one centred white card, the shared footer. */
export const AuthShell = CardPage;

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
export const authLinkStyles =
  'rounded font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline';
