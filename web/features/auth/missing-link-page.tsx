import { Link } from 'react-router';
import { buttonStyles } from '@web/components/button-styles';
import { AuthShell } from './auth-shell';

type MissingLinkPageProps = { title: string; text: string; linkTo: string; linkLabel: string };

/** Shown when a page's link lacks its query parameters (u, token, id): what is wrong and where to go. */
export function MissingLinkPage({ title, text, linkTo, linkLabel }: MissingLinkPageProps) {
  return (
    <AuthShell title={title}>
      <div className="space-y-5">
        <p className="text-sm leading-6 text-stone-700">{text}</p>
        <Link to={linkTo} className={buttonStyles({ fullWidth: true })}>
          {linkLabel}
        </Link>
      </div>
    </AuthShell>
  );
}
