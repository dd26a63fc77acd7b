import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import type { ContentModal } from './content-modal';

const loadModal = () => import('./content-modal');
const LoadedModal = lazy(async () => ({ default: (await loadModal()).ContentModal }));

/**
 * Starts loading the content item modal before it is needed: call it when the member shows intent
 * (pointer over or focus on the list). Safe to call often; the module loads once.
 */
export function preloadContentModal() {
  loadModal().catch(() => undefined);
}

/**
 * The content item modal, loaded on first use: its dialog, media
 * player and journal form (react-hook-form) are not on the daily page's way to its first paint.
 * Mounted the first time an item opens and kept mounted, so closing it behaves as before (the
 * dialog gives focus back to the row that opened it).
 */
export function LazyContentModal(props: ComponentProps<typeof ContentModal>) {
  const [used, setUsed] = useState(false);
  if (props.content !== null && !used) setUsed(true);
  if (!used && props.content === null) return null;
  return (
    <Suspense fallback={null}>
      <ClosedFirst {...props} />
    </Suspense>
  );
}

/**
 * The dialog mounts closed and opens on the next render, as it did when it was always there.
 * Headless UI gives focus back on close to what had it before, from a focus history it starts
 * keeping when its module loads: here that is after the row that opened the first item got focus,
 * so that row is noted here and given focus back when the dialog's own restore found nothing.
 */
function ClosedFirst(props: ComponentProps<typeof ContentModal>) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const content = mounted ? props.content : null;

  const [shown, setShown] = useState(content);
  const [opener, setOpener] = useState<Element | null>(null);
  if (content !== shown) {
    setShown(content);
    if (content && !shown) setOpener(document.activeElement);
  }
  useEffect(() => {
    if (content || !(opener instanceof HTMLElement)) return;
    // after the dialog's own attempt (a microtask once it has closed)
    const timer = setTimeout(() => {
      const focused = document.activeElement;
      if ((!focused || focused === document.body) && opener.isConnected) opener.focus();
    });
    return () => clearTimeout(timer);
  }, [content, opener]);

  return <LoadedModal {...props} content={content} />;
}
