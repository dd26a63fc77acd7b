// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PastPracticesPage } from './past-practices-page';
import { buildContent, CONTENT_ID_1, CONTENT_ID_2, fakePracticeServer } from './testing/fake-practice-server';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';

resetPageBetweenTests({ token: 'member-token' });

describe('PastPracticesPage (spec 02 §2 Past practices)', () => {
  it('opens on View All Practices; a favourite shows up under Favorite Practices', async () => {
    const { requestsTo } = fakePracticeServer({
      today: [],
      history: [buildContent(), buildContent({ _id: CONTENT_ID_2, title: 'Evening breath', contentType: 'breathwork' })],
      engagement: [],
    });
    const { user } = renderPage(<PastPracticesPage />, { path: '/past-practices' });

    const allTab = await screen.findByRole('tab', { name: 'View All Practices' });
    expect(allTab.getAttribute('aria-selected')).toBe('true');
    const allPanel = screen.getByRole('tabpanel');
    expect(within(allPanel).getByText('Morning sit')).toBeTruthy();
    expect(within(allPanel).getByText('Evening breath')).toBeTruthy();

    const favourite = within(allPanel).getByRole('button', { name: 'Favourite Evening breath' });
    expect(favourite.getAttribute('aria-pressed')).toBe('false');
    await user.click(favourite);
    await waitFor(() => expect(favourite.getAttribute('aria-pressed')).toBe('true'));
    expect(requestsTo(`app/favourite-content/${CONTENT_ID_2}`)).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Favorite Practices' }));
    const favouritesPanel = screen.getByRole('tabpanel');
    expect(within(favouritesPanel).getByText('Evening breath')).toBeTruthy();
    expect(within(favouritesPanel).queryByText('Morning sit')).toBeNull();
    expect(within(favouritesPanel).getByRole('checkbox', { name: 'Mark Evening breath done' })).toBeTruthy();
    expect(requestsTo(`app/favourite-content/${CONTENT_ID_1}`)).toHaveLength(0);
  });

  it('shows the empty states', async () => {
    fakePracticeServer({ today: [], engagement: [] });
    const { user } = renderPage(<PastPracticesPage />, { path: '/past-practices' });
    expect(await screen.findByText('No practices yet.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Favorite Practices' }));
    expect(screen.getByText('No favourite practices yet.')).toBeTruthy();
  });
});
