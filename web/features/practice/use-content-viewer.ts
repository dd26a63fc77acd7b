import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContentAnswer } from '@common/content/schemas';
import { increaseContentHits } from './api/increase-content-hits';
import { refreshEngagement } from './api/practice-keys';
import { trackEngagement, trackEngagementOnExit, type EngagementReport } from './api/track-engagement';

/** The item being viewed and since when its unreported time runs (null while the tab is hidden). */
type Viewing = { contentId: string; since: number | null };

/**
 * Opens and closes the content item modal and accounts for the time spent in it (opening
 * records the start time, closing reports the milliseconds spent).
 *
 * Each stretch of time is reported once: closing reports it; hiding or leaving the tab reports it
 * with a keepalive request and pauses the clock, so a later close (or a second exit event) finds
 * nothing left to send; coming back to the tab starts a new stretch.
 */
export function useContentViewer() {
  const queryClient = useQueryClient();
  const [openContent, setOpenContent] = useState<ContentAnswer | null>(null);
  const viewing = useRef<Viewing | null>(null);

  const settle = useCallback((send: (report: EngagementReport) => void) => {
    const current = viewing.current;
    if (!current || current.since === null) return;
    const milliseconds = Math.round(performance.now() - current.since);
    current.since = null;
    if (milliseconds > 0) send({ content: current.contentId, milliseconds });
  }, []);

  const reportInPage = useCallback(
    (report: EngagementReport) => {
      // The total engagement time on the dashboard comes from the refreshed history.
      trackEngagement(report)
        .then(() => refreshEngagement(queryClient))
        .catch(() => undefined);
    },
    [queryClient],
  );

  const open = useCallback(
    (content: ContentAnswer) => {
      settle(reportInPage);
      viewing.current = { contentId: content._id, since: performance.now() };
      setOpenContent(content);
      increaseContentHits(content._id).catch(() => undefined);
    },
    [settle, reportInPage],
  );

  const close = useCallback(() => {
    settle(reportInPage);
    viewing.current = null;
    setOpenContent(null);
  }, [settle, reportInPage]);

  useEffect(() => {
    const leave = () => settle(trackEngagementOnExit);
    const resume = () => {
      if (viewing.current && viewing.current.since === null) viewing.current.since = performance.now();
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? leave() : resume());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', resume);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', resume);
      // Leaving the screen with the modal open (e.g. through the author link) closes it too.
      settle(reportInPage);
      viewing.current = null;
    };
  }, [settle, reportInPage]);

  return { openContent, open, close };
}
