// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { buildGroup, GROUP_ID, renderManagePage, routeFetch, sentTo } from '../testing/admin-form-fixtures';
import { ManageGroupPage, VIEW_POSTS } from './manage-group-page';

resetPageBetweenTests({ token: 'token' });

const PATH = '/admin/manage-group/:id';
const TAG_CALM = '0b7e4c1a-2222-4a2b-8c3d-000000000001';
const TAGS = { status: 200, body: [{ _id: TAG_CALM, text: 'Calm' }] };

describe('Manage Group', () => {
  it('edits the community form’s fields and POSTs them to admin/group/{id}', async () => {
    const fetchMock = routeFetch({
      'GET app/tags': TAGS,
      [`GET admin/group/${GROUP_ID}`]: { status: 200, body: buildGroup({ memberCap: 40 }) },
      [`POST admin/group/${GROUP_ID}`]: { status: 200, body: buildGroup() },
    });
    const { user } = renderManagePage(<ManageGroupPage />, PATH, GROUP_ID);

    expect(await screen.findByText('Owned by Ana Ruiz')).toBeTruthy();
    expect(screen.getByRole('link', { name: VIEW_POSTS }).getAttribute('href')).toBe(`/admin/group/${GROUP_ID}/posts`);
    await user.click(await screen.findByRole('checkbox', { name: 'Calm' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hidden' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Member cap' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin/groups');
    expect(sentTo(fetchMock, `POST admin/group/${GROUP_ID}`)).toEqual([
      {
        name: 'Evening Wind-Down',
        category: 'Sleep',
        description: 'Slow breathing before bed.',
        coverPhoto: null,
        thumbnail: null,
        isPrivate: false,
        isHidden: true,
        allowAnonymous: false,
        memberCap: null,
        tags: [TAG_CALM],
      },
    ]);
  });

  it('for new, loads no group, offers no View Posts and POSTs to admin/group', async () => {
    const fetchMock = routeFetch({ 'GET app/tags': TAGS, 'POST admin/group': { status: 200, body: buildGroup() } });
    const { user } = renderManagePage(<ManageGroupPage />, PATH, 'new');

    expect(screen.getByRole('heading', { level: 1, name: 'Add Group' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: VIEW_POSTS })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Small Circle');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin/groups');
    expect(sentTo(fetchMock, 'POST admin/group')[0]).toMatchObject({ name: 'Small Circle', tags: [], memberCap: null });
    expect(sentTo(fetchMock, 'GET admin/group/new')).toEqual([]);
  });
});
