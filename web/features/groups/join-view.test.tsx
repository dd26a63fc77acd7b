// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { GROUP_MESSAGES } from '@common/groups/schemas';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { GROUP_TEXTS } from './group-texts';
import { buildGroup, GROUP_ID, HOST, openGroup, routeFetch, sentTo } from './testing/group-fixtures';

resetPageBetweenTests({ token: 'token' });

const DISPLAY = `GET app/group-display-data/${GROUP_ID}`;
const JOIN = `POST app/join-group/${GROUP_ID}`;
const answer = (overrides: Parameters<typeof buildGroup>[0] = {}) => ({ status: 200, body: buildGroup(overrides) });

describe('GroupPage join view', () => {
  it('shows what the group is, with Back and Join for an open group, and joins with an empty message', async () => {
    const fetchMock = routeFetch({
      [DISPLAY]: answer(),
      [JOIN]: { status: 200, body: { _id: 'm1', status: 'approved' } },
    });
    const { user } = openGroup();
    expect(await screen.findByRole('heading', { name: 'Morning Sit Circle' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Maya Host' }).getAttribute('href')).toBe(`/profile/${HOST}`);
    const facts = screen.getByRole('list', { name: 'About this group' });
    expect(facts.textContent).toContain('3 members');
    expect(facts.textContent).toContain('Open');
    expect(facts.textContent).toContain('Visible');
    expect(screen.getByText('We sit together at dawn.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request to Join' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await screen.findAllByText('Morning Sit Circle');
    expect(sentTo(fetchMock, JOIN)).toEqual([{ text: '' }]);
  });

  it('says Private and Hidden, and sends the message of a Request to Join, then shows the pending message', async () => {
    let status: 'none' | 'pending' = 'none';
    const fetchMock = routeFetch({
      [DISPLAY]: () => answer({ isPrivate: true, isHidden: true, membershipStatus: status }),
      [JOIN]: () => {
        status = 'pending';
        return { status: 200, body: { _id: 'm1', status: 'pending' } };
      },
    });
    const { user } = openGroup();
    const facts = await screen.findByRole('list', { name: 'About this group' });
    expect(facts.textContent).toContain('Private');
    expect(facts.textContent).toContain('Hidden');
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request to Join' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request to join Morning Sit Circle' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the host' }), 'I sit every morning too.');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(GROUP_MESSAGES.pending)).toBeTruthy();
    expect(sentTo(fetchMock, JOIN)).toEqual([{ text: 'I sit every morning too.' }]);
    expect(screen.queryByRole('button', { name: 'Request to Join' })).toBeNull();
  });

  it('shows the pending message and no join button while a request waits', async () => {
    routeFetch({ [DISPLAY]: answer({ isPrivate: true, membershipStatus: 'pending' }) });
    openGroup();
    expect(await screen.findByText(GROUP_MESSAGES.pending)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request to Join' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it("says 'This group is currently full.' and offers no Join when the cap is reached", async () => {
    routeFetch({ [DISPLAY]: answer({ memberCap: 3, isFull: true }) });
    openGroup();
    expect(await screen.findByText(GROUP_MESSAGES.full)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('shows the full text the server answers when the last seat went meanwhile', async () => {
    routeFetch({
      [DISPLAY]: answer(),
      [JOIN]: { status: 409, body: { error: 'group_full', message: GROUP_MESSAGES.full } },
    });
    const { user } = openGroup();
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('alert')).textContent).toBe(GROUP_MESSAGES.full);
  });

  it('says politely that a request was declined, without a join button', async () => {
    routeFetch({ [DISPLAY]: answer({ isPrivate: true, membershipStatus: 'rejected' }) });
    openGroup();
    expect(await screen.findByText(GROUP_MESSAGES.rejected)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request to Join' })).toBeNull();
  });

  it('goes to /community on Back when the page was opened directly', async () => {
    routeFetch({ [DISPLAY]: answer() });
    const { user } = openGroup();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/community');
  });

  it("shows 'Group not found' with a way back to Community for a missing or hidden group", async () => {
    routeFetch({ [DISPLAY]: { status: 404, body: { error: 'group_not_found', message: 'Group not found' } } });
    openGroup();
    expect(await screen.findByRole('heading', { name: GROUP_TEXTS.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Community' }).getAttribute('href')).toBe('/community');
  });
});
