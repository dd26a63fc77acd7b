/** The queue item at position p (from 0) is labelled 'Day {p * frequency + 1}'. */
export const queueReleaseDay = (position: number, frequency: number) => position * frequency + 1;
export const queueDayLabel = (position: number, frequency: number) => `Day ${queueReleaseDay(position, frequency)}`;

export const queueCadenceText = (frequency: number) =>
  frequency === 1 ? 'Releases day-by-day to new subscribers' : `Releases every ${frequency} days to new subscribers`;

/** Moves the item at `index` one place up (-1) or down (+1); out-of-range moves change nothing. */
export function moveInQueue<T>(queue: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= queue.length || target < 0 || target >= queue.length) return [...queue];
  const next = [...queue];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
