import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';

/** What reached the stand-in before the control had loaded: a click, or a key that opens a menu. */
type Pending = { clicked: boolean; key: string | null };
const NOTHING_PENDING: Pending = { clicked: false, key: null };
const MENU_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A control that is on screen from the first paint but whose module (and the libraries it brings,
 * e.g. Headless UI's menu) loads only when someone reaches for it (loaded and run
 * just after the first paint, the header menus were the largest task a member's first page had
 * after it): `StandIn` draws the same control, live (the bell keeps its count), and a pointer over
 * it, a press or focus on it loads the module. The loaded control takes the stand-in's place in
 * one commit (a transition keeps the stand-in up meanwhile). If the stand-in had focus, the loaded
 * control's first button or link gets it; a click on the stand-in is passed on to that button once
 * it is there, and so is a key that opens a menu (Enter, Space, the arrows), pressed again on it.
 */
export function loadOnIntent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  StandIn: ComponentType<P>,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));

  type SwapProps = { props: P; box: RefObject<HTMLSpanElement | null>; pending: RefObject<Pending | null> };

  function Swap({ props, box, pending }: SwapProps) {
    // read while the stand-in is still in the page (this render commits in place of it)
    const [hadFocus] = useState(() => box.current?.contains(document.activeElement) ?? false);
    useLayoutEffect(() => {
      const control = box.current?.querySelector<HTMLElement>('button, a[href]');
      const { clicked, key } = pending.current ?? NOTHING_PENDING;
      pending.current = null; // loaded: clicks and keys are the control's own now
      if (hadFocus) control?.focus();
      if (key) control?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      else if (clicked) control?.click();
    }, [hadFocus, box, pending]);
    return <Loaded {...props} />;
  }

  return function LoadOnIntent(props: P) {
    const box = useRef<HTMLSpanElement>(null);
    // what reached the stand-in before the control loaded; null once it has
    const pending = useRef<Pending | null>({ ...NOTHING_PENDING });
    const [wanted, setWanted] = useState(false);
    const load = useCallback(() => startTransition(() => setWanted(true)), []);
    return (
      // the span only notes what reached the stand-in's own button
      <span
        ref={box}
        className="contents"
        onPointerOver={load}
        onPointerDown={load}
        onClick={() => {
          if (pending.current && !pending.current.key) pending.current.clicked = true;
          load();
        }}
        onKeyDown={(event) => {
          if (!pending.current || !MENU_KEYS.has(event.key)) return;
          // kept for the loaded control: Enter, Space and the arrows open a menu on its first item,
          // which a click passed on would not (and no click comes of the key itself)
          event.preventDefault();
          pending.current.key = event.key;
          load();
        }}
        onFocus={load}
      >
        <Suspense fallback={<StandIn {...props} />}>
          {wanted ? <Swap props={props} box={box} pending={pending} /> : <StandIn {...props} />}
        </Suspense>
      </span>
    );
  };
}
