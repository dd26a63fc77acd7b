import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@web/components/use-debounced-value';

/**
 * The Explore search: `text` follows the box at once; `search` (trimmed) settles
 * SEARCH_DEBOUNCE_MS after typing stops and is kept in the URL as ?q= (replacing the entry), so
 * Back from a profile and a refresh show the same results.
 */
export function useExploreSearch() {
  const [params, setParams] = useSearchParams();
  const fromUrl = (params.get('q') ?? '').trim();
  const [text, setText] = useState(fromUrl);
  const [search, setSearch] = useState(fromUrl);
  // What this hook put in the URL and the router has not shown yet, to tell its own writes
  // (which land a little later) from a navigation elsewhere.
  const written = useRef({ latest: fromUrl, landing: new Set<string>() });

  const commit = useCallback(
    (value: string) => {
      const settled = value.trim();
      setSearch(settled);
      written.current.latest = settled;
      written.current.landing.add(settled);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (settled) next.set('q', settled);
          else next.delete('q');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, commit]);

  // ?q= changed from outside (the Explore link in the menu while searching): follow it.
  useEffect(() => {
    const own = written.current;
    if (fromUrl === own.latest) {
      own.landing.clear();
      return;
    }
    if (own.landing.has(fromUrl)) return;
    own.latest = fromUrl;
    own.landing.clear();
    setText(fromUrl);
    setSearch(fromUrl);
  }, [fromUrl]);

  const clear = useCallback(() => {
    setText('');
    commit('');
  }, [commit]);

  return { text, setText, search, clear };
}
