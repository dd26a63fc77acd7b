import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * A step a section of a form runs once the values are valid and before they are sent: it may add
 * to them (a Repeat section adds its rule) or ask first (which sessions of a series a change
 * reaches) and answer null to send nothing, having said why itself.
 */
// biome-ignore lint/suspicious/noExplicitAny: each form's sections know its value type; the form only passes them along
export type SubmitGuard<TOut = any> = (values: TOut) => Promise<TOut | null> | TOut | null;

export const SubmitGuards = createContext<Set<SubmitGuard> | null>(null);

/** Runs `guard` on every submit of the form around it, with its latest props. */
export function useSubmitGuard<TOut>(guard: SubmitGuard<TOut>) {
  const guards = useContext(SubmitGuards);
  const latest = useRef(guard);
  latest.current = guard;
  useEffect(() => {
    if (!guards) return;
    const run: SubmitGuard<TOut> = (values) => latest.current(values);
    guards.add(run);
    return () => {
      guards.delete(run);
    };
  }, [guards]);
}

/** The values after every guard, or null when one stopped the submit. */
export async function runGuards<TOut>(guards: Set<SubmitGuard>, values: TOut): Promise<TOut | null> {
  let current: TOut | null = values;
  for (const guard of guards) {
    current = await guard(current);
    if (current === null) return null;
  }
  return current;
}
