// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { GROUP_TEXTS } from './group-texts';
import { buildGroup, GROUP_ID, HOST, openCommunity, routeFetchExact, sentToExact } from './testing/group-fixtures';

resetPageBetweenTests({ token: 'token' });

const list = (...groups: ReturnType<typeof buildGroup>[]) => ({ status: 200, body: groups });
const OTHER_ID = '88888888-8888-4888-8888-888888888888';

describe('CommunityPage', () => {
  it('shows Explore cards with the lock icon, the owner link, the member count and View', async () => {
    routeFetchExact({ 'GET app/group?tab=explore': list(buildGroup({ isPrivate: true, members: 12 })) });
    openCommunity();
    const card = await screen.findByRole('article', { name: 'Morning Sit Circle' });
    expect(within(card).getByRole('img', { name: 'Private' })).toBeTruthy();
    expect(within(card).queryByRole('img', { name: 'Hidden' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Maya Host' }).getAttribute('href')).toBe(`/profile/${HOST}`);
    expect(within(card).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(`/group/${GROUP_ID}`);
    expect(within(card).getByText('12 members')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Explore' }).getAttribute('aria-selected')).toBe('true');
  });

  it('asks for my groups on the My Groups tab, where hidden groups show the hidden icon and there is no search', async () => {
    const fetchMock = routeFetchExact({
      'GET app/group?tab=explore': list(),
      'GET app/group?tab=mine': list(buildGroup({ _id: OTHER_ID, name: 'Quiet Owls', isHidden: true, members: 1 })),
    });
    const { user } = openCommunity();
    expect(await screen.findByRole('searchbox', { name: 'Search groups' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'My Groups' }));
    const card = await screen.findByRole('article', { name: 'Quiet Owls' });
    expect(within(card).getByRole('img', { name: 'Hidden' })).toBeTruthy();
    expect(within(card).queryByRole('img', { name: 'Private' })).toBeNull();
    expect(within(card).getByText('1 member')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(sentToExact(fetchMock, 'GET app/group?tab=mine')).toHaveLength(1);
  });

  it("loads the next page of Explore with 'Load more' while the server sends a next-cursor", async () => {
    const routed = routeFetchExact({
      'GET app/group?tab=explore': list(buildGroup({ name: 'First Circle' })),
      'GET app/group?tab=explore&cursor=page-2': list(buildGroup({ _id: OTHER_ID, name: 'Second Circle' })),
    });
    // the first page says there is more in its next-cursor header
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const res = await routed(url, init);
      if (!String(url).endsWith('app/group?tab=explore')) return res;
      return new Response(await res.text(), { status: res.status, headers: { 'next-cursor': 'page-2' } });
    });
    const { user } = openCommunity();
    expect(await screen.findByRole('article', { name: 'First Circle' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Second Circle' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'First Circle' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(sentToExact(routed, 'GET app/group?tab=explore&cursor=page-2')).toHaveLength(1);
  });

  it('opens on My Groups from ?tab=mine, so Back returns to the same tab', async () => {
    const fetchMock = routeFetchExact({ 'GET app/group?tab=mine': list() });
    openCommunity('/community?tab=mine');
    expect(await screen.findByText(GROUP_TEXTS.mineEmpty)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My Groups' }).getAttribute('aria-selected')).toBe('true');
    expect(sentToExact(fetchMock, 'GET app/group?tab=explore')).toHaveLength(0);
  });

  it('searches Explore on the server once typing stops, and says when nothing matches', async () => {
    const fetchMock = routeFetchExact({
      'GET app/group?tab=explore': list(buildGroup()),
      'GET app/group?tab=explore&search=calm': list(),
    });
    const { user } = openCommunity();
    await screen.findByRole('article', { name: 'Morning Sit Circle' });
    await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'calm');
    expect(await screen.findByText(GROUP_TEXTS.noGroupsMatch('calm'))).toBeTruthy();
    expect(sentToExact(fetchMock, 'GET app/group?tab=explore&search=calm')).toHaveLength(1);
    // debounced: no call per keystroke
    expect(sentToExact(fetchMock, 'GET app/group?tab=explore&search=c')).toHaveLength(0);
    expect(sentToExact(fetchMock, 'GET app/group?tab=explore&search=cal')).toHaveLength(0);
  });

  it('shows a friendly empty Explore with a way to start a community', async () => {
    routeFetchExact({ 'GET app/group?tab=explore': list() });
    openCommunity();
    expect(await screen.findByText(GROUP_TEXTS.exploreEmpty)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a community' })).toBeTruthy();
  });

  it('shows an error panel and tries again', async () => {
    let calls = 0;
    routeFetchExact({ 'GET app/group?tab=explore': () => (++calls === 1 ? { status: 500 } : list(buildGroup())) });
    const { user } = openCommunity();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the groups.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Morning Sit Circle' })).toBeTruthy();
  });
});
