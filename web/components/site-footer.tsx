import { Link } from 'react-router';
import { useBrand } from './brand';
import clsx from 'clsx';

/** Shared layout: the footer links. */
export const FOOTER_LINKS = [
  { label: 'Terms & Conditions', to: '/terms-of-service' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Contact Us', to: '/contact-us' },
  // the accessibility statement
  { label: 'Accessibility', to: '/accessibility' },
] as const;

export function SiteFooter() {
  const { siteName } = useBrand();
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div
        className={clsx(
          'mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6',
          'sm:flex-row sm:justify-between sm:px-6 lg:px-8',
        )}
      >
        <nav aria-label="Footer">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded text-sm text-stone-600 hover:text-stone-900 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-stone-500">
          © {new Date().getFullYear()} {siteName}
        </p>
      </div>
    </footer>
  );
}
