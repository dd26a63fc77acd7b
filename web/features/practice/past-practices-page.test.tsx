// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PastPracticesPage } from './past-practices-page';
import { buildContent, CONTENT_ID_1, CONTENT_ID_2, fakePracticeServer } from './testing/fake-practice-server';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';

resetPageBetweenTests({ token: 'member-token' });

describe('PastPracticesPage', () => {
  it('opens on View All Practices; a favourite shows up under Favorite Practices', async () => {
    const { requestsTo } = fakePracticeServer({
      today: [],
      history: [
        buildContent(),
        buildContent({ _id: CONTENT_ID_2, title: 'Evening breath', contentType: 'breathwork' }),
      ],
      engagement: [],
    });
    const { user } = renderPage(<PastPracticesPage />, { path: '/past-practices' });

    const allTab = await screen.findByRole('tab', { name: 'View All Practices' });
    expect(allTab.getAttribute('aria-selected')).toBe('true');
    const allPanel = screen.getByRole('tabpanel');
    expect(await within(allPanel).findByText('Morning sit')).toBeTruthy();
    expect(within(allPanel).getByText('Evening breath')).toBeTruthy();

    const favourite = within(allPanel).getByRole('button', { name: 'Favourite Evening breath' });
    expect(favourite.getAttribute('aria-pressed')).toBe('false');
    await user.click(favourite);
    await waitFor(() => expect(favourite.getAttribute('aria-pressed')).toBe('true'));
    expect(requestsTo(`app/favourite-content/${CONTENT_ID_2}`)).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Favorite Practices' }));
    const favouritesPanel = screen.getByRole('tabpanel');
    expect(await within(favouritesPanel).findByText('Evening breath')).toBeTruthy();
    expect(within(favouritesPanel).queryByText('Morning sit')).toBeNull();
    expect(within(favouritesPanel).getByRole('checkbox', { name: 'Mark Evening breath done' })).toBeTruthy();
    expect(requestsTo(`app/favourite-content/${CONTENT_ID_1}`)).toHaveLength(0);
  });

  it('shows the empty states', async () => {
    fakePracticeServer({ today: [], engagement: [] });
    const { user } = renderPage(<PastPracticesPage />, { path: '/past-practices' });
    expect(await screen.findByText('No practices yet.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Favorite Practices' }));
    expect(await screen.findByText('No favourite practices yet.')).toBeTruthy();
  });

  it('reads in release order with each release day, a page at a time', async () => {
    const lessons = Array.from({ length: 30 }, (_, i) =>
      buildContent({
        _id: `0b7d3f7e-1c2a-4d1e-9f61-${String(i).padStart(12, '0')}`,
        title: `Lesson ${i + 1}`,
        release: { day: '2026-11-02', queueDay: i + 1 },
      }),
    );
    // one record on each page: each page answers with its own items' engagement
    const { fetchMock } = fakePracticeServer({
      today: [],
      history: lessons,
      engagement: [
        { content: lessons[1]!._id, isComplete: true, isFavourite: false, totalEngagementSeconds: 60 },
        { content: lessons[26]!._id, isComplete: false, isFavourite: true, totalEngagementSeconds: 0 },
      ],
    });
    const { user } = renderPage(<PastPracticesPage />, { path: '/past-practices' });

    const list = await screen.findByRole('list');
    const titles = () =>
      within(list)
        .getAllByRole('button', { name: /^Lesson \d+/ })
        .map((b) => b.textContent);
    expect(titles()).toHaveLength(24);
    expect(titles()[0]).toMatch(/^Lesson 1(?!\d)/);
    expect(titles()[1]).toMatch(/^Lesson 2(?!\d)/);
    expect(within(list).getByText('Day 3 · 11/02/2026')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show more practices' }));
    await waitFor(() => expect(titles()).toHaveLength(30));
    expect(titles()[29]).toMatch(/^Lesson 30(?!\d)/);
    expect(screen.queryByRole('button', { name: 'Show more practices' })).toBeNull();
    // what the first page said about its items stays once the second has come
    expect((screen.getByRole('checkbox', { name: 'Mark Lesson 2 done' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Favourite Lesson 27' }).getAttribute('aria-pressed')).toBe('true');
    const pageUrls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('content-history'));
    expect(pageUrls.at(-1)).toContain(`after=${lessons[23]!._id}`);
  });
});
