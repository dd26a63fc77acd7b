// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { IDEMPOTENCY_KEY_HEADER } from '@common/http-headers';
import { forgetMemberData } from '@web/api/member-data';
import { startOfflinePractice } from './offline/offline-start';
import { Toaster } from 'sonner';
import { DailyPracticePage } from './daily-practice-page';
import { buildContent, CONTENT_ID_1, CONTENT_ID_2, fakePracticeServer } from './testing/fake-practice-server';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';

resetPageBetweenTests({ token: 'member-token' });
// the offline queue lives beside the page (in memory here, where there is no IndexedDB)
afterEach(async () => {
  await forgetMemberData();
  // online again for whatever runs next (TanStack Query's online state follows the event)
  window.dispatchEvent(new Event('online'));
});

/** The browser's online state as the page reads it, and its event. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('DailyPracticePage (Member daily practice dashboard)', () => {
  it('greets the member and shows the empty state when there is nothing today', async () => {
    fakePracticeServer({ today: [], engagement: [] });
    renderPage(<DailyPracticePage />);

    expect(
      await screen.findByText(
        "You don't have any daily practices. Explore & subscribe to facilitators to get more daily practice content.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore facilitators' }).getAttribute('href')).toBe('/explore');
    expect(screen.getByRole('link', { name: 'View All Practices' }).getAttribute('href')).toBe('/past-practices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeTruthy();
    expect(screen.getByText('This is your 3rd day in a row!')).toBeTruthy();
    // today's date reads MM/dd/yyyy
    expect(screen.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Tasks Completed' }).getAttribute('aria-valuetext')).toBe('0 / 0');
  });

  it('Mark Done toggles the item and the progress bar counts it', async () => {
    const { requestsTo } = fakePracticeServer({
      today: [buildContent(), buildContent({ _id: CONTENT_ID_2, title: 'Evening breath', contentType: 'breathwork' })],
      engagement: [{ content: CONTENT_ID_2, isComplete: false, isFavourite: false, totalEngagementSeconds: 600 }],
    });
    const { user } = renderPage(<DailyPracticePage />);

    const progress = await screen.findByRole('progressbar', { name: 'Tasks Completed' });
    expect(progress.getAttribute('aria-valuetext')).toBe('0 / 2');
    expect(screen.getByText('0 / 2')).toBeTruthy();
    expect(await screen.findByText('10 min')).toBeTruthy();

    const markDone = screen.getByRole('checkbox', { name: 'Mark Morning sit done' });
    await user.click(markDone);

    await waitFor(() => expect(screen.getByText('1 / 2')).toBeTruthy());
    expect(progress.getAttribute('aria-valuetext')).toBe('1 / 2');
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
    expect((markDone as HTMLInputElement).checked).toBe(true);
    expect(requestsTo(`app/complete-content/${CONTENT_ID_1}`)).toHaveLength(1);

    // The lists are fetched again after the toggle and agree with the server.
    await waitFor(() => expect(requestsTo('app/content').length).toBeGreaterThan(1));
    expect(screen.getByText('1 / 2')).toBeTruthy();
  });

  it('a row opens the content item modal (loaded on first use); closing gives focus back to the row', async () => {
    fakePracticeServer({ today: [buildContent()], engagement: [] });
    const { user } = renderPage(<DailyPracticePage />);

    const row = await screen.findByRole('button', { name: /Morning sit/ });
    expect(screen.queryByRole('dialog')).toBeNull();
    row.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Morning sit' })).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(row));

    // a second open finds the module loaded and the dialog mounted
    await user.click(row);
    expect(await screen.findByRole('dialog', { name: 'Morning sit' })).toBeTruthy();
  });

  it('a Mark Done the server refuses says so in a toast and the box shows the server’s state again', async () => {
    const { fetchMock } = fakePracticeServer({ today: [buildContent()], engagement: [] });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url.startsWith('/api/app/complete-content/')
        ? new Response('{}', { status: 500, statusText: 'Internal Server Error' })
        : answer(url, init),
    );
    const { user } = renderPage(
      <>
        <DailyPracticePage />
        <Toaster />
      </>,
    );

    const markDone = await screen.findByRole('checkbox', { name: 'Mark Morning sit done' });
    await user.click(markDone);
    expect(await screen.findByText('We could not update this practice. Please try again.')).toBeTruthy();
    await waitFor(() => expect((markDone as HTMLInputElement).checked).toBe(false));
  });

  it('offline, Mark Done is kept and shown done, "will sync"; back online it is sent once, with its key and the state chosen', async () => {
    const { requestsTo } = fakePracticeServer({ today: [buildContent()], engagement: [] });
    const { user, queryClient } = renderPage(<DailyPracticePage />);
    await startOfflinePractice(queryClient, 'member-1');
    const markDone = await screen.findByRole('checkbox', { name: 'Mark Morning sit done' });

    goOnline(false);
    await user.click(markDone);
    await waitFor(() => expect(markDone.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(markDone.getAttribute('aria-describedby')!)?.textContent).toBe('will sync');
    expect((markDone as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('1 / 1')).toBeTruthy();
    expect(requestsTo(`app/complete-content/${CONTENT_ID_1}`)).toHaveLength(0);

    goOnline(true);
    await waitFor(() => expect(requestsTo(`app/complete-content/${CONTENT_ID_1}`)).toHaveLength(1));
    const [sent] = requestsTo(`app/complete-content/${CONTENT_ID_1}?value=true`);
    expect(new Headers(sent!.headers).get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(markDone.getAttribute('aria-describedby')).toBeNull());
    expect((markDone as HTMLInputElement).checked).toBe(true);
    // another return of the connection finds nothing left to send
    goOnline(false);
    goOnline(true);
    await waitFor(() => expect(requestsTo('app/content').length).toBeGreaterThan(1));
    expect(requestsTo(`app/complete-content/${CONTENT_ID_1}`)).toHaveLength(1);
  });

  it('a change made offline that the server refuses is shown as not saved, with its message, until dismissed', async () => {
    const { fetchMock } = fakePracticeServer({ today: [buildContent()], engagement: [] });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url.startsWith('/api/app/complete-content/')
        ? new Response(JSON.stringify({ error: 'content_not_found', message: 'Content not found' }), { status: 404 })
        : answer(url, init),
    );
    const { user, queryClient } = renderPage(<DailyPracticePage />);
    await startOfflinePractice(queryClient, 'member-2');
    const markDone = await screen.findByRole('checkbox', { name: 'Mark Morning sit done' });

    goOnline(false);
    await user.click(markDone);
    await waitFor(() => expect((markDone as HTMLInputElement).checked).toBe(true));
    goOnline(true);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not saved: “Morning sit” marked done. Content not found');
    await waitFor(() => expect((markDone as HTMLInputElement).checked).toBe(false));
    await user.click(screen.getByRole('button', { name: /^Dismiss/ }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
