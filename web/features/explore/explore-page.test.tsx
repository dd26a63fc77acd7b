// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { routeFetch, sentTo } from '@web/testing/route-fetch';
import { EXPLORE_TEXTS } from './explore-texts';
import { buildFacilitator, MAYA, openExplore, pageOf, ROWAN } from './testing/explore-fixtures';

resetPageBetweenTests({ token: 'token' });

const ALL = 'GET app/facilitators?limit=24';
const searchFor = (text: string) =>
  `GET app/facilitators?${new URLSearchParams({ search: text, limit: '24' }).toString()}`;
const address = () => screen.getByTestId('address').textContent;

describe('ExplorePage', () => {
  it('lists facilitators as cards linking to their profiles, with the initial when there is no picture', async () => {
    routeFetch({
      [ALL]: pageOf([
        buildFacilitator(),
        buildFacilitator({ _id: ROWAN, name: 'rowan Vale', facilitatorCategory: 'Yoga' }),
      ]),
    });
    const { user } = openExplore();
    const list = await screen.findByRole('list', { name: 'Facilitators' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/profile/${MAYA}`, `/profile/${ROWAN}`]);
    const rowan = within(list).getByRole('link', { name: 'rowan Vale Yoga' });
    expect(within(rowan).getAllByText('R')).not.toHaveLength(0);
    expect(within(rowan).queryByRole('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Explore' })).toBeTruthy();
    await user.click(within(list).getByRole('link', { name: 'Maya Host Breathwork' }));
    expect(screen.getByTestId('location').textContent).toBe(`/profile/${MAYA}`);
  });

  it('searches on the server once typing stops, keeping the query in the URL as ?q=', async () => {
    const fetchMock = routeFetch({
      [ALL]: pageOf([
        buildFacilitator({ facilitatorCategory: 'Breathwork' }),
        buildFacilitator({ _id: ROWAN, name: 'Rowan Vale' }),
      ]),
      [searchFor('breath')]: pageOf([buildFacilitator()]),
    });
    const { user } = openExplore();
    await screen.findByRole('link', { name: /Rowan Vale/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search facilitators' }), 'breath');
    // the debounce plus the answer: allow for a busy machine
    await waitFor(() => expect(screen.queryByRole('link', { name: /Rowan Vale/ })).toBeNull(), { timeout: 3000 });
    expect(screen.getByRole('link', { name: /Maya Host/ })).toBeTruthy();
    expect(sentTo(fetchMock, searchFor('breath'))).toHaveLength(1);
    // debounced: no call per keystroke
    expect(sentTo(fetchMock, searchFor('b'))).toHaveLength(0);
    expect(sentTo(fetchMock, searchFor('brea'))).toHaveLength(0);
    await waitFor(() => expect(address()).toBe('/explore?q=breath'));
  });

  it('opens with the search from ?q=, so Back and refresh show the same results', async () => {
    const fetchMock = routeFetch({ [searchFor('yoga')]: pageOf([buildFacilitator({ facilitatorCategory: 'Yoga' })]) });
    openExplore('/explore?q=yoga');
    expect(await screen.findByRole('link', { name: 'Maya Host Yoga' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search facilitators' }) as HTMLInputElement).value).toBe('yoga');
    expect(sentTo(fetchMock, ALL)).toHaveLength(0);
  });

  it('says when nothing matches, and Clear search shows everyone again', async () => {
    routeFetch({ [ALL]: pageOf([buildFacilitator()]), [searchFor('qi gong')]: pageOf([]) });
    const { user } = openExplore('/explore?q=qi%20gong');
    expect(await screen.findByText(EXPLORE_TEXTS.noMatch('qi gong'))).toBeTruthy();
    expect(EXPLORE_TEXTS.noMatch('qi gong')).toBe('No facilitators match "qi gong".');
    const panelClear = screen
      .getAllByRole('button', { name: 'Clear search' })
      .find((button) => button.textContent === 'Clear search')!;
    await user.click(panelClear);
    expect(await screen.findByRole('link', { name: /Maya Host/ })).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search facilitators' }) as HTMLInputElement;
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
    await waitFor(() => expect(address()).toBe('/explore'));
  });

  it('clears the box with its own clear button, without waiting for the debounce', async () => {
    const fetchMock = routeFetch({ [ALL]: pageOf([buildFacilitator()]), [searchFor('yoga')]: pageOf([]) });
    const { user } = openExplore('/explore?q=yoga');
    await screen.findByText(EXPLORE_TEXTS.noMatch('yoga'));
    const boxClear = screen
      .getAllByRole('button', { name: 'Clear search' })
      .find((button) => button.textContent === '')!;
    await user.click(boxClear);
    expect(await screen.findByRole('link', { name: /Maya Host/ })).toBeTruthy();
    expect(sentTo(fetchMock, ALL)).toHaveLength(1);
    expect(screen.queryAllByRole('button', { name: 'Clear search' })).toHaveLength(0);
  });

  it('says when there are no facilitators at all', async () => {
    routeFetch({ [ALL]: pageOf([]) });
    openExplore();
    expect(await screen.findByText('No facilitators yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Facilitators' })).toBeNull();
  });

  it('asks for the next page with the cursor on Load more', async () => {
    const fetchMock = routeFetch({
      [ALL]: pageOf([buildFacilitator()], 'cursor-1'),
      'GET app/facilitators?cursor=cursor-1&limit=24': pageOf([buildFacilitator({ _id: ROWAN, name: 'Rowan Vale' })]),
    });
    const { user } = openExplore();
    await screen.findByRole('link', { name: /Maya Host/ });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Rowan Vale/ })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Facilitators' })).getAllByRole('link')).toHaveLength(2);
    expect(sentTo(fetchMock, 'GET app/facilitators?cursor=cursor-1&limit=24')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page by itself when the end of the list scrolls into view', async () => {
    const seen: ((entries: Partial<IntersectionObserverEntry>[]) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
          seen.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const fetchMock = routeFetch({
      [ALL]: pageOf([buildFacilitator()], 'cursor-1'),
      'GET app/facilitators?cursor=cursor-1&limit=24': pageOf([buildFacilitator({ _id: ROWAN, name: 'Rowan Vale' })]),
    });
    openExplore();
    await screen.findByRole('button', { name: 'Load more' });
    seen.at(-1)!([{ isIntersecting: true }]);
    expect(await screen.findByRole('link', { name: /Rowan Vale/ })).toBeTruthy();
    expect(sentTo(fetchMock, 'GET app/facilitators?cursor=cursor-1&limit=24')).toHaveLength(1);
  });

  it('keeps the search on the next page', async () => {
    const fetchMock = routeFetch({
      [searchFor('yoga')]: pageOf([buildFacilitator()], 'cursor-1'),
      'GET app/facilitators?search=yoga&cursor=cursor-1&limit=24': pageOf([
        buildFacilitator({ _id: ROWAN, name: 'Rowan Vale' }),
      ]),
    });
    const { user } = openExplore('/explore?q=yoga');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Rowan Vale/ })).toBeTruthy();
    expect(sentTo(fetchMock, 'GET app/facilitators?search=yoga&cursor=cursor-1&limit=24')).toHaveLength(1);
  });

  it('shows an error panel and tries again', async () => {
    let calls = 0;
    routeFetch({ [ALL]: () => (++calls === 1 ? { status: 500 } : pageOf([buildFacilitator()])) });
    const { user } = openExplore();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the facilitators.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Maya Host/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
