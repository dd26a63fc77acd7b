import clsx from 'clsx';
import { splitLinks } from './post-links';

/**
 * Post or comment text, rendered as text (no HTML injection); web addresses open in
 * a new tab without handing it this window. `clamped` shows 2 lines, as the feed does.
 */
export function PostText({
  text,
  clamped = false,
  className,
}: {
  text: string;
  clamped?: boolean;
  className?: string;
}) {
  if (!text) return null;
  return (
    <p className={clsx('text-sm break-words whitespace-pre-line text-stone-800', clamped && 'line-clamp-2', className)}>
      {splitLinks(text).map((piece, i) =>
        piece.kind === 'link' ? (
          <a
            key={i}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {piece.text}
          </a>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </p>
  );
}
