// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { GROUP_TEXTS } from './group-texts';
import { MEMBER_CAP_PLACEHOLDER } from './group-form';
import { buildGroup, openCommunity, routeFetchExact, sentToExact, TAG_CALM, TAGS } from './testing/group-fixtures';

resetPageBetweenTests({ token: 'token' });

const NEW_ID = '99999999-9999-4999-8999-999999999999';

async function openAddDialog() {
  const fetchMock = routeFetchExact({
    'GET app/group?tab=explore': { status: 200, body: [] },
    'GET app/tags': { status: 200, body: TAGS },
    'POST app/group/new': (body) => ({
      status: 200,
      body: buildGroup({ ...(body as object), _id: NEW_ID, isOwner: true }),
    }),
  });
  const page = openCommunity();
  await page.user.click(await screen.findByRole('button', { name: GROUP_TEXTS.addCommunity }));
  const dialog = await screen.findByRole('dialog', { name: GROUP_TEXTS.addCommunity });
  return { ...page, fetchMock, dialog };
}

describe('Group form (Add new community)', () => {
  it('sends the form with a blank member cap as null, then opens the new group and refreshes the lists', async () => {
    const { user, fetchMock, dialog } = await openAddDialog();
    const cap = within(dialog).getByRole('spinbutton', { name: 'Member cap' });
    expect(cap.getAttribute('placeholder')).toBe(MEMBER_CAP_PLACEHOLDER);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Evening Wind-Down ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Category' }), 'Sleep');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Slow breathing before bed.');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Calm' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Private' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create community' }));

    expect((await screen.findByTestId('location')).textContent).toBe(`/group/${NEW_ID}`);
    expect(sentToExact(fetchMock, 'POST app/group/new')).toEqual([
      {
        name: 'Evening Wind-Down',
        category: 'Sleep',
        description: 'Slow breathing before bed.',
        coverPhoto: null,
        thumbnail: null,
        isPrivate: true,
        isHidden: false,
        allowAnonymous: false,
        memberCap: null,
        tags: [TAG_CALM],
      },
    ]);
    expect(sentToExact(fetchMock, 'GET app/group?tab=explore').length).toBeGreaterThanOrEqual(1);
  });

  it('sends a member cap as a number', async () => {
    const { user, fetchMock, dialog } = await openAddDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Small Circle');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Member cap' }), '50');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hidden' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create community' }));
    await screen.findByTestId('location');
    expect(sentToExact(fetchMock, 'POST app/group/new')[0]).toMatchObject({
      name: 'Small Circle',
      memberCap: 50,
      isHidden: true,
      tags: [],
    });
  });

  it('requires a name and sends nothing without one', async () => {
    const { user, fetchMock, dialog } = await openAddDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create community' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Please check for errors')).toBeTruthy();
    expect(sentToExact(fetchMock, 'POST app/group/new')).toEqual([]);
  });

  it('shows the server error and offers Retry', async () => {
    routeFetchExact({
      'GET app/group?tab=explore': { status: 200, body: [] },
      'GET app/tags': { status: 200, body: TAGS },
      'POST app/group/new': { status: 400, body: { error: 'invalid_input', message: 'Tags: Invalid id' } },
    });
    const { user } = openCommunity();
    await user.click(await screen.findByRole('button', { name: GROUP_TEXTS.addCommunity }));
    const dialog = await screen.findByRole('dialog', { name: GROUP_TEXTS.addCommunity });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Circle');
    await user.click(within(dialog).getByRole('button', { name: 'Create community' }));
    expect(await within(dialog).findByText('Tags: Invalid id')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('closes on Cancel without sending', async () => {
    const { user, fetchMock, dialog } = await openAddDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentToExact(fetchMock, 'POST app/group/new')).toEqual([]);
  });
});
