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

/**
 * A control that is on screen from the first paint but whose module (and the libraries it brings,
 * e.g. Headless UI's menu) loads only when someone reaches for it (issue 19 item 7: loaded and run
 * just after the first paint, the header menus were the largest task a member's first page had
 * after it): `StandIn` draws the same control, live (the bell keeps its count), and a pointer over
 * it, a press or focus on it loads the module. The loaded control takes the stand-in's place in
 * one commit (a transition keeps the stand-in up meanwhile). If the stand-in had focus, the loaded
 * control's first button or link gets it; a click on the stand-in is passed on to that button once
 * it is there.
 */
export function loadOnIntent<P extends object>(
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

  return function LoadOnIntent(props: P) {
    const box = useRef<HTMLSpanElement>(null);
    // false: the stand-in is up and not clicked; true: clicked; null: the control has loaded
    const clicked = useRef<boolean | null>(false);
    const [wanted, setWanted] = useState(false);
    const load = useCallback(() => startTransition(() => setWanted(true)), []);
    return (
      // the span only notes a click that reached the stand-in's own button
      <span
        ref={box}
        className="contents"
        onPointerOver={load}
        onPointerDown={load}
        onClick={() => {
          if (clicked.current === false) clicked.current = true;
          load();
        }}
        onFocus={load}
      >
        <Suspense fallback={<StandIn {...props} />}>
          {wanted ? <Swap props={props} box={box} clicked={clicked} /> : <StandIn {...props} />}
        </Suspense>
      </span>
    );
  };
}
