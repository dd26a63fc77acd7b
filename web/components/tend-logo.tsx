import clsx from 'clsx';
import { IMAGE_SIZES } from '@common/uploads/image-sizes';
import { useBrand } from './brand';

/**
 * The site's mark and name (the logo and name set in Admin → Site settings; the Tend
 * sprout and 'Tend' by default). The mark is decorative, so a wrapping link names itself.
 */
export function TendLogo({ className, showWordmark = true }: { className?: string; showWordmark?: boolean }) {
  const brand = useBrand();
  return (
    <span className={clsx('inline-flex min-w-0 items-center gap-2', className)}>
      {brand.logoUrl ? (
        <img
          src={`${brand.logoUrl}?tr=w-${IMAGE_SIZES.sm}`}
          alt=""
          className="h-8 w-auto max-w-24 shrink-0 object-contain"
          data-testid="site-logo"
        />
      ) : (
        <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
          <circle cx="16" cy="16" r="15" className="fill-brand-800" />
          <path d="M16 25c0-7 3-11 8-13-5 0-8 2-8 6 0-5-3-8-8-8 4 2 8 6 8 15z" fill="#fff" />
        </svg>
      )}
      {showWordmark && (
        <span className="truncate text-xl font-semibold tracking-tight text-stone-900" data-testid="site-name">
          {brand.siteName}
        </span>
      )}
    </span>
  );
}
