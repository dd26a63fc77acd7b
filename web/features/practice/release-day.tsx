import type { ContentRelease } from '@common/content/schemas';
import { dateText } from '@web/components/dates';

/** 'Day 3 · 11/26/2026' for a drip queue, 'Released 11/26/2026' otherwise. */
export const releaseDayText = (release: ContentRelease) =>
  release.queueDay !== null
    ? `Day ${release.queueDay} · ${dateText(release.day)}`
    : `Released ${dateText(release.day)}`;

export function ReleaseDay({ release, className }: { release: ContentRelease | null | undefined; className?: string }) {
  if (!release) return null;
  return (
    <time dateTime={release.day} className={className}>
      {releaseDayText(release)}
    </time>
  );
}
