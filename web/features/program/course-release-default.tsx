import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

/**
 * On a new tier, choosing One-off ticks "Release all content at once" (a course gives everything
 * on the day it is bought) and choosing Subscription unticks it, until the facilitator sets the box
 * themselves. The server applies the same default when the field is absent.
 */
/** The two tier form values this default reads and sets. */
type ReleaseValues = { type: 'subscription' | 'single'; releaseAllContent: boolean };

export function CourseReleaseDefault() {
  const form = useFormContext<ReleaseValues>();
  const type = useWatch<ReleaseValues, 'type'>({ name: 'type' });
  // the value this default last chose; a different value in the box is the facilitator's own choice
  const chosen = useRef<boolean | null>(null);
  useEffect(() => {
    const current = form.getValues('releaseAllContent');
    if (chosen.current === null) {
      chosen.current = current;
      return;
    }
    if (current !== chosen.current) return;
    chosen.current = type === 'single';
    form.setValue('releaseAllContent', chosen.current);
  }, [type, form]);
  return null;
}
