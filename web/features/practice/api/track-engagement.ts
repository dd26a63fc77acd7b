import { api, sendOnExit } from '@web/api/client';

export type EngagementReport = { content: string; milliseconds: number };

/** The server takes at most 12 hours a report (common/practice TrackEngagementRequest). */
const MAX_REPORT_MS = 12 * 60 * 60 * 1000;

const clamp = (report: EngagementReport): EngagementReport => ({
  content: report.content,
  milliseconds: Math.min(MAX_REPORT_MS, Math.max(0, Math.round(report.milliseconds))),
});

/** POST app/track-engagement while the page lives on. */
export async function trackEngagement(report: EngagementReport): Promise<void> {
  await api.call('app/track-engagement', clamp(report));
}

/** The same call while the page is being hidden or unloaded: it must outlive the page. */
export function trackEngagementOnExit(report: EngagementReport): void {
  sendOnExit('app/track-engagement', clamp(report));
}
