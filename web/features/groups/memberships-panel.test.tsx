// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import type { MembershipRequest } from './api/get-membership-requests';
import {
  buildDetails,
  buildGroup,
  buildRequest,
  GROUP_ID,
  HOST,
  openGroup,
  routeFetch,
  sentTo,
} from './testing/group-fixtures';

resetPageBetweenTests({ token: 'token' });

const owned = buildGroup({ membershipStatus: 'approved', isOwner: true, members: 2, isPrivate: true });
const waiting = buildRequest(1, 'Priya Shah', { requestText: 'I struggle to fall asleep.' });
const joined = buildRequest(2, 'Sam Rivers', { status: 'approved' });
const declined = buildRequest(3, 'Leo Park', { status: 'rejected', requestText: 'Let me in' });
const ownMembership = buildRequest(4, 'Maya Host', {
  status: 'approved',
  user: { _id: HOST, name: 'Maya Host', email: 'maya@example.com' },
});
const requests: MembershipRequest[] = [waiting, joined, declined, ownMembership];

/** The owner's page on the Memberships tab; the member count follows the approved requests. */
function openMemberships() {
  let memberCount = owned.members;
  const fetchMock = routeFetch({
    [`GET app/group-display-data/${GROUP_ID}`]: () => ({ status: 200, body: { ...owned, members: memberCount } }),
    [`GET app/group-details/${GROUP_ID}`]: () => ({ status: 200, body: buildDetails(owned, memberCount) }),
    [`GET app/membership-requests/${GROUP_ID}`]: { status: 200, body: requests },
    [`POST app/update-request/${waiting._id}`]: (body) => {
      const { status } = body as { status: 'approved' | 'rejected' };
      if (status === 'approved') memberCount += 1;
      return { status: 200, body: { _id: waiting._id, status } };
    },
    [`POST app/update-request/${joined._id}`]: () => {
      memberCount -= 1;
      return { status: 200, body: { _id: joined._id, status: 'rejected' } };
    },
  });
  return { ...openGroup(`/group/${GROUP_ID}?tab=memberships`), fetchMock };
}

const rowOf = async (name: string) => screen.findByRole('article', { name });

describe('Memberships tab (owner)', () => {
  it('lists each request with name, email, status and text; the right actions for each status', async () => {
    openMemberships();
    const list = await screen.findByRole('list', { name: 'Membership requests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).queryByText('Maya Host')).toBeNull();

    const pending = await rowOf('Priya Shah');
    expect(within(pending).getByText('priya@example.com')).toBeTruthy();
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('I struggle to fall asleep.')).toBeTruthy();
    // the requester's name opens their profile
    expect(within(pending).getByRole('link', { name: 'Priya Shah' }).getAttribute('href')).toMatch(/^\/profile\/.+/);
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: 'Remove' })).toBeNull();

    const approved = await rowOf('Sam Rivers');
    expect(within(approved).getByText('Approved')).toBeTruthy();
    expect(within(approved).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(within(approved).queryByRole('button', { name: 'Approve' })).toBeNull();

    const rejected = await rowOf('Leo Park');
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).queryAllByRole('button')).toHaveLength(0);
  });

  it('approves a pending request, and the member count goes up', async () => {
    const { user, fetchMock } = openMemberships();
    expect(await screen.findByText('2 members')).toBeTruthy();
    await user.click(within(await rowOf('Priya Shah')).getByRole('button', { name: 'Approve' }));
    expect(await within(await rowOf('Priya Shah')).findByText('Approved')).toBeTruthy();
    expect(await screen.findByText('3 members')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/update-request/${waiting._id}`)).toEqual([{ status: 'approved' }]);
    expect(within(await rowOf('Priya Shah')).getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it("rejects a pending request, which then shows 'Rejected' and no buttons", async () => {
    const { user, fetchMock } = openMemberships();
    await user.click(within(await rowOf('Priya Shah')).getByRole('button', { name: 'Reject' }));
    const row = await rowOf('Priya Shah');
    expect(await within(row).findByText('Rejected')).toBeTruthy();
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(sentTo(fetchMock, `POST app/update-request/${waiting._id}`)).toEqual([{ status: 'rejected' }]);
  });

  it('removes an approved member after confirming (status rejected), and the member count goes down', async () => {
    const { user, fetchMock } = openMemberships();
    expect(await screen.findByText('2 members')).toBeTruthy();
    await user.click(within(await rowOf('Sam Rivers')).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Sam Rivers?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(await rowOf('Sam Rivers')).findByText('Rejected')).toBeTruthy();
    expect(await screen.findByText('1 member')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/update-request/${joined._id}`)).toEqual([{ status: 'rejected' }]);
  });
});
