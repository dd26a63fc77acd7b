// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminGroupAnswer, AdminGroupRow, AdminPostRow } from '@common/admin/schemas';
import {
  fakeKeysetServer,
  renderPage,
  resetPageBetweenTests,
  routeFetch,
  withoutAnimations,
} from '../testing/list-fixtures';
import { GroupPostsPage } from './group-posts-page';
import { GroupsPage } from './groups-page';

resetPageBetweenTests({ token: 'admin-token' });
withoutAnimations();

const GROUP_ID = '9a000000-0000-4000-8000-000000000001';
const owner = { _id: 'o1', name: 'Maya Rivers' };
const headersOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('GroupsPage', () => {
  const groups: AdminGroupRow[] = [
    { _id: 'g1', name: 'Morning Circle', owner, members: 12 },
    { _id: 'g2', name: 'Evening Calm', owner: { _id: 'o2', name: 'Omar Lake' }, members: 1 },
  ];

  it("lists Name (with its owner), Edit and Delete, with 'Add Group' and a search box", async () => {
    routeFetch({ 'GET admin/group': { status: 200, body: groups } });
    const { user } = renderPage(<GroupsPage />, { path: '/admin/groups' });
    await screen.findByText('Morning Circle');
    expect(headersOf('Groups')).toEqual(['Name', 'Edit', 'Delete']);
    expect(screen.getByText('Maya Rivers · 12 members')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Group' }).getAttribute('href')).toBe('/admin/manage-group/new');
    expect(screen.getByRole('link', { name: 'Edit Evening Calm' }).getAttribute('href')).toBe('/admin/manage-group/g2');

    await user.type(screen.getByRole('searchbox', { name: 'Search Groups' }), 'even');
    await waitFor(() => expect(screen.queryByText('Morning Circle')).toBeNull());
    expect(screen.getByText('Evening Calm')).toBeTruthy();
  });
});

describe('GroupPostsPage', () => {
  const group: AdminGroupAnswer = {
    _id: GROUP_ID,
    name: 'Morning Circle',
    category: 'Meditation',
    thumbnail: null,
    coverPhoto: null,
    description: '',
    isPrivate: false,
    isHidden: false,
    allowAnonymous: false,
    tags: [],
    memberCap: null,
    owner,
  };
  const post = (n: number): AdminPostRow => ({
    _id: `p${n}`,
    text: `Post number ${n}`,
    author: owner,
    postedDate: `2026-11-${String(n).padStart(2, '0')}T09:30:00.000Z`,
    hits: n * 3,
    hearts: n,
    comments: 0,
  });
  const open = () =>
    renderPage(<GroupPostsPage />, { path: '/admin/group/:id/posts', url: `/admin/group/${GROUP_ID}/posts` });

  it("is headed with the group's name; Hits, Hearts and Comments sort on the server", async () => {
    const { requests } = fakeKeysetServer(`admin/group/${GROUP_ID}/posts`, [post(1), post(2)], {
      routes: { [`GET admin/group/${GROUP_ID}`]: { status: 200, body: group } },
    });

    const { user } = open();
    expect(await screen.findByRole('heading', { level: 1, name: "Morning Circle's Posts" })).toBeTruthy();
    await screen.findByText('Post number 2', { exact: false });
    expect(headersOf("Morning Circle's Posts")).toEqual([
      'Date Posted',
      'Hits',
      'Hearts',
      'Comments',
      'Edit',
      'Delete',
    ]);
    expect(screen.getByText(/^11\/02\/2026 \d\d:30$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to group' }).getAttribute('href')).toBe(
      `/admin/manage-group/${GROUP_ID}`,
    );

    await user.click(screen.getByRole('button', { name: 'Hits' }));
    await waitFor(() => expect(requests()).toContain(`admin/group/${GROUP_ID}/posts?limit=10&sort=hits&dir=asc`));
    await user.click(screen.getByRole('button', { name: 'Hearts' }));
    await waitFor(() => expect(requests()).toContain(`admin/group/${GROUP_ID}/posts?limit=10&sort=hearts&dir=asc`));
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    await waitFor(() => expect(requests()).toContain(`admin/group/${GROUP_ID}/posts?limit=10&sort=comments&dir=asc`));
  });

  it("says 'No posts available' when the group has none", async () => {
    fakeKeysetServer(`admin/group/${GROUP_ID}/posts`, []);
    open();
    expect(await screen.findByText('No posts available')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Posts' })).toBeTruthy();
  });
});
