import { Link } from 'react-router';
import { buttonStyles } from '@web/components/button-styles';

/** Shown when a page's link lacks its query parameters (u, token, id). */
export function MissingLinkNotice({ text, linkTo, linkLabel }: { text: string; linkTo: string; linkLabel: string }) {
  return (
    <div className="space-y-5">
      <p className="text-sm leading-6 text-stone-700">{text}</p>
      <Link to={linkTo} className={buttonStyles({ fullWidth: true })}>
        {linkLabel}
      </Link>
    </div>
  );
}
