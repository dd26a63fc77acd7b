// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { DailyPracticePage } from './daily-practice-page';
import { buildContent, CONTENT_ID_1, fakePracticeServer } from './testing/fake-practice-server';
import { renderPage } from '@web/testing/render-page';

// A clock the test can move on, on top of the real one the libraries rely on.
let shiftMs = 0;
const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  shiftMs = 0;
  const realNow = performance.now.bind(performance);
  vi.spyOn(performance, 'now').mockImplementation(() => realNow() + shiftMs);
  localStorage.setItem('token', 'member-token');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  setVisibility('visible');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openMorningSit() {
  const server = fakePracticeServer({ today: [buildContent()], engagement: [] });
  const { user } = renderPage(<DailyPracticePage />);
  await user.click(await screen.findByRole('button', { name: /Morning sit/ }));
  expect(await screen.findByRole('dialog', { name: 'Morning sit' })).toBeTruthy();
  return { ...server, user };
}

const reportedBodies = (requests: RequestInit[]) => requests.map((init) => JSON.parse(String(init.body)));

describe('Content item modal: time spent is reported', () => {
  it('opening counts a hit; closing reports the milliseconds spent once', async () => {
    const { requestsTo, user } = await openMorningSit();
    await waitFor(() => expect(requestsTo(`app/increase-content-hits/${CONTENT_ID_1}`)).toHaveLength(1));
    expect(screen.getByText('Mira Stone').closest('a')?.getAttribute('href')).toBe(
      `/profile/${buildContent().user._id}`,
    );

    shiftMs = 90_000;
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(requestsTo('app/track-engagement')).toHaveLength(1));
    const [report] = reportedBodies(requestsTo('app/track-engagement'));
    expect(report.content).toBe(CONTENT_ID_1);
    expect(report.milliseconds).toBeGreaterThanOrEqual(90_000);
    expect(report.milliseconds).toBeLessThan(95_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hiding the tab reports with a keepalive request, and nothing is reported twice', async () => {
    const { requestsTo, user } = await openMorningSit();

    shiftMs = 30_000;
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));

    const reports = requestsTo('app/track-engagement');
    expect(reports).toHaveLength(1);
    expect(reports[0].keepalive).toBe(true);
    expect(new Headers(reports[0].headers).get('Authorization')).toBe('Bearer member-token');
    expect(reportedBodies(reports)[0].milliseconds).toBeGreaterThanOrEqual(30_000);

    // Closing while still hidden has nothing left to report.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(requestsTo('app/track-engagement')).toHaveLength(1);
  });

  it('coming back to the tab starts a new stretch that closing reports', async () => {
    const { requestsTo, user } = await openMorningSit();
    shiftMs = 10_000;
    setVisibility('hidden');
    shiftMs = 500_000; // away for a long time: not counted
    setVisibility('visible');
    shiftMs = 520_000;
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(requestsTo('app/track-engagement')).toHaveLength(2));
    const [, second] = reportedBodies(requestsTo('app/track-engagement'));
    expect(second.milliseconds).toBeGreaterThanOrEqual(20_000);
    expect(second.milliseconds).toBeLessThan(25_000);
  });
});
