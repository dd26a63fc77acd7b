import { useEffect, useRef, useState } from 'react';

/**
 * 'Load more' is disabled while it loads and goes away at the end, so focus would fall to <body>:
 * once the page a press asked for is shown, focus moves to its first item
 * (the list's children are its items, each focusable: a link, or tabIndex={-1}).
 */
export function useFocusFirstNew<T extends HTMLElement = HTMLUListElement>(count: number) {
  const list = useRef<T>(null);
  const [target, setTarget] = useState<number | null>(null);
  useEffect(() => {
    if (target === null || count <= target) return;
    (list.current?.children[target] as HTMLElement | undefined)?.focus();
    setTarget(null);
  }, [count, target]);
  const next = async (shown: number, loading: Promise<{ isFetchNextPageError: boolean }>) => {
    if (!(await loading).isFetchNextPageError) setTarget(shown);
  };
  return { list, next };
}
