/**
 * Node reads TZ afresh when it changes: Date's local getters and Intl's default zone follow it.
 * Web test files share one process (no isolation), so a zone set by one file must be undone
 * exactly: an unset TZ is removed again, since assigning undefined would store the string
 * 'undefined', an unknown zone in which Intl names no zone at all for every later file.
 */
export function setTestTimeZone(timeZone: string): () => void {
  const saved = process.env.TZ;
  process.env.TZ = timeZone;
  return () => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  };
}
