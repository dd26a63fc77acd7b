import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Menus that a navigation closes hand focus back to their button two frames after the click
 * (Headless UI's Menu) or on the next task (the header's side menu): the heading takes it a frame
 * after that, so the last move is ours.
 */
const FRAMES_BEFORE_MOVE = 3;
/**
 * The phone's side menu, a dialog, gives focus back to its button when its leave transition ends,
 * which on a slow phone comes after that move: while a dialog the link was in is still closing
 * (at most this long), focus it gives to something outside the page's <main>, with no key or press
 * of the member's, goes back to the heading once more.
 */
const FOCUS_GUARD_MS = 1_000;

type Arrival = { pathname: string; focusBefore: Element | null; first: boolean };

/**
 * What a client-side route change does for keyboard and screen-reader users, as a page load
 * does for them on a site whose pages come from the server (WCAG 2.4.3, 4.1.3): focus moves to
 * the new page's main heading (its `h1`, made focusable with tabIndex -1 and drawn without a
 * focus ring, see app.css) and the page's title is announced in a polite live region.
 *
 * Only when the path changes: not on the first page, and not when only the search or hash
 * changes (tabs, paging, filters and dialogs keep the focus they manage). Not when the new page
 * put focus somewhere itself (a code field, a dialog it opened): only focus left on <body>, on what
 * was pressed, or outside the page's <main> (a header menu's button) moves to the heading. A key
 * or a press before the heading appears is the member's own move: then only the title is said.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const [arrival, setArrival] = useState<Arrival>({ pathname, focusBefore: null, first: true });
  const [announcement, setAnnouncement] = useState('');
  if (arrival.pathname !== pathname) {
    // read while the page that had focus is still in the document: this render commits the next one
    setArrival({ pathname, focusBefore: document.activeElement, first: false });
  }
  useEffect(() => {
    if (arrival.first) return;
    // emptied first, so a title the same as the last one is said again
    setAnnouncement('');
    return whenPageArrives(arrival.focusBefore, setAnnouncement);
  }, [arrival]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}

/**
 * Waits for the new page's main heading (a page still loading its data draws it later), then
 * announces the title and, unless the page or the member has moved focus meanwhile, focuses the
 * heading. Returns the function that stops waiting (the next route change calls it).
 */
function whenPageArrives(focusBefore: Element | null, announce: (title: string) => void): () => void {
  let frame = 0;
  let observer: MutationObserver | null = null;
  let memberMoved = false;
  const onMemberMove = () => {
    memberMoved = true;
  };
  document.addEventListener('keydown', onMemberMove, true);
  document.addEventListener('pointerdown', onMemberMove, true);
  let guard: ReturnType<typeof setTimeout> | undefined;
  let onFocusIn: ((event: FocusEvent) => void) | undefined;
  const stopWatching = () => {
    cancelAnimationFrame(frame);
    observer?.disconnect();
  };
  const stop = () => {
    stopWatching();
    clearTimeout(guard);
    if (onFocusIn) document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('keydown', onMemberMove, true);
    document.removeEventListener('pointerdown', onMemberMove, true);
  };

  const arrive = () => {
    const heading = mainHeading();
    if (!heading) return false;
    stopWatching();
    announce(document.title);
    if (memberMoved || pageTookFocus(focusBefore)) {
      stop();
      return true;
    }
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    // the scroll position is the router's (top of a new page, kept on Back)
    heading.focus({ preventScroll: true });
    const closing = focusBefore?.closest('[aria-modal="true"]');
    if (!closing) {
      stop();
      return true;
    }
    onFocusIn = (event) => {
      const to = event.target instanceof Element ? event.target : null;
      if (memberMoved) return stop();
      if (!to || to.closest('main, [aria-modal="true"]')) return;
      heading.focus({ preventScroll: true });
      // a dialog gives focus back as it leaves the document: that was its last move
      if (!closing.isConnected) stop();
    };
    document.addEventListener('focusin', onFocusIn);
    guard = setTimeout(stop, FOCUS_GUARD_MS);
    return true;
  };

  let frames = FRAMES_BEFORE_MOVE;
  const tick = () => {
    frames -= 1;
    if (frames > 0) {
      frame = requestAnimationFrame(tick);
      return;
    }
    if (arrive()) return;
    observer = new MutationObserver(arrive);
    observer.observe(document.body, { childList: true, subtree: true });
  };
  frame = requestAnimationFrame(tick);
  return stop;
}

/** The page's main heading: the first h1 in <main> (pages without a <main> landmark: the first h1). */
function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/**
 * Whether the new page has put focus where it wants it: inside its <main>, or in a dialog it
 * opened. Focus on <body>, on what was pressed, or elsewhere (a header menu's button, given back
 * as the menu closed) is not the page's choice.
 */
function pageTookFocus(focusBefore: Element | null): boolean {
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused === focusBefore) return false;
  const dialog = focused.closest('[aria-modal="true"]');
  // a dialog that was open before the change (the side menu, closing) did not open for this page
  if (dialog) return !(focusBefore && dialog.contains(focusBefore));
  return document.querySelector('main')?.contains(focused) ?? false;
}
