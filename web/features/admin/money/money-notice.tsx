import { useCallback, useRef, useState } from 'react';
import { CheckCircleIcon } from '@heroicons/react/20/solid';
import clsx from 'clsx';

/**
 * What the last money action did, shown on the page and announced to screen readers. The live
 * region is always in the page (an empty one that appears with its text is often not read out);
 * `focus()` moves focus to the message when the button that was used has gone with its row.
 */
export function useMoneyNotice() {
  const [message, setMessage] = useState('');
  const region = useRef<HTMLDivElement>(null);

  const announce = useCallback((text: string) => setMessage(text), []);
  const focus = useCallback(() => region.current, []);

  const notice = (
    <div ref={region} tabIndex={-1} role="status" className="outline-none">
      {message && (
        <p
          className={clsx(
            'flex items-start gap-2 px-3 py-2.5',
            'rounded-lg bg-brand-50 text-sm text-brand-900 ring-1 ring-brand-100 ring-inset',
          )}
        >
          <CheckCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>{message}</span>
        </p>
      )}
    </div>
  );

  return { notice, announce, focus };
}
