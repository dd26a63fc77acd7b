import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import { whenIdle } from './when-idle';

/**
 * A control that is on screen from the first paint but whose module (and the libraries it brings,
 * e.g. Headless UI's menu) loads just after it (issue 19 item 7): `StandIn` draws the same control
 * for the first paint; once that frame is painted and the browser is idle the module loads (so it
 * is not among what the page's first paint waits for; focus on or a click at the stand-in loads
 * it at once), and the loaded control takes
 * the stand-in's place in one commit (a transition keeps the stand-in up meanwhile). If the
 * stand-in had focus, the loaded control's first button or link gets it; a click on the stand-in
 * is passed on to that button once it is there.
 */
export function afterFirstPaint<P extends object>(
  load: () => Promise<ComponentType<P>>,
  StandIn: ComponentType<P>,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));

  type SwapProps = { props: P; box: RefObject<HTMLSpanElement | null>; clicked: RefObject<boolean | null> };

  function Swap({ props, box, clicked }: SwapProps) {
    // read while the stand-in is still in the page (this render commits in place of it)
    const [hadFocus] = useState(() => box.current?.contains(document.activeElement) ?? false);
    useLayoutEffect(() => {
      const control = box.current?.querySelector<HTMLElement>('button, a[href]');
      if (hadFocus) control?.focus();
      if (clicked.current) control?.click();
      clicked.current = null; // loaded: clicks are the control's own now
    }, [hadFocus, box, clicked]);
    return <Loaded {...props} />;
  }

  return function AfterFirstPaint(props: P) {
    const box = useRef<HTMLSpanElement>(null);
    // false: the stand-in is up and not clicked; true: clicked; null: the control has loaded
    const clicked = useRef<boolean | null>(false);
    const [painted, setPainted] = useState(false);
    const load = useCallback(() => startTransition(() => setPainted(true)), []);
    useEffect(() => whenIdle(load, 'paint'), [load]);
    return (
      // the span only notes a click that reached the stand-in's own button
      <span
        ref={box}
        className="contents"
        onClick={() => {
          if (clicked.current === false) clicked.current = true;
          load();
        }}
        onFocus={load}
      >
        <Suspense fallback={<StandIn {...props} />}>
          {painted ? <Swap props={props} box={box} clicked={clicked} /> : <StandIn {...props} />}
        </Suspense>
      </span>
    );
  };
}
