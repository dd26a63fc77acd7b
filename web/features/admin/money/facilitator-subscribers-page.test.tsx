// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ADMIN_MESSAGES,
  type AdminFacilitatorAnswer,
  type AdminFacilitatorRow,
  type AdminUserRow,
} from '@common/admin/schemas';
import { FacilitatorsPage } from '../facilitators/facilitators-page';
import {
  fakeKeysetServer,
  renderPage,
  resetPageBetweenTests,
  sentTo,
  withoutAnimations,
} from '../testing/list-fixtures';
import { subscription } from '../testing/money-fixtures';
import { UsersPage } from '../users/users-page';
import { FacilitatorSubscribersPage } from './facilitator-subscribers-page';

resetPageBetweenTests({ token: 'admin-token' });
withoutAnimations();

const FACILITATOR_ID = 'f0000000-0000-4000-8000-000000000001';
const maya: AdminFacilitatorAnswer = {
  _id: FACILITATOR_ID,
  name: 'Maya Rivers',
  username: 'maya',
  email: 'maya@tend.demo',
  bio: '',
  profilePicture: null,
  emailConfirmed: true,
  twoFactorEnabled: false,
  facilitatorCategory: 'Breathwork',
};
const subscribersUrl = `/admin/facilitators/${FACILITATOR_ID}/subscribers`;
const refused = { status: 409, body: { error: 'has_paying_subscribers', message: ADMIN_MESSAGES.payingSubscribers } };

describe('FacilitatorSubscribersPage', () => {
  const open = () =>
    renderPage(<FacilitatorSubscribersPage />, { path: '/admin/facilitators/:id/subscribers', url: subscribersUrl });

  it("lists the facilitator's current subscribers, searched on the server, each with its cancel actions", async () => {
    const rows = [
      subscription(),
      subscription({
        _id: 'c2',
        member: { _id: 'u2', name: 'Ada Stone', email: 'ada@tend.demo' },
        status: 'past_due',
        canCancelAtPeriodEnd: false,
      }),
    ];
    const { requests } = fakeKeysetServer(`admin/facilitator/${FACILITATOR_ID}/subscribers`, rows, {
      routes: { [`GET admin/facilitator/${FACILITATOR_ID}`]: { status: 200, body: maya } },
    });
    const { user } = open();
    expect(await screen.findByRole('heading', { level: 1, name: "Maya Rivers's Subscribers" })).toBeTruthy();
    const table = await screen.findByRole('table', { name: "Maya Rivers's Subscribers" });
    await within(table).findByText('sam@tend.demo');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Member', 'Plan', 'Actions']);
    expect(within(table).getByText('Past due')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Cancel now: Deep Practice for ada@tend.demo' })).toBeTruthy();
    expect(
      within(table).queryByRole('button', { name: 'Cancel at period end: Deep Practice for ada@tend.demo' }),
    ).toBeNull();
    // each member leads to their own payments, to refund one
    expect(within(table).getByRole('link', { name: 'sam@tend.demo' }).getAttribute('href')).toBe(
      '/admin/users/a0000000-0000-4000-8000-000000000001/money',
    );
    expect(screen.getByRole('link', { name: 'Back to facilitator' }).getAttribute('href')).toBe(
      `/admin/manage-facilitator/${FACILITATOR_ID}`,
    );

    await user.type(screen.getByRole('searchbox', { name: "Search Maya Rivers's Subscribers" }), 'ada');
    await waitFor(() =>
      expect(requests()).toContain(`admin/facilitator/${FACILITATOR_ID}/subscribers?limit=10&search=ada`),
    );
    await waitFor(() => expect(within(table).queryByText('sam@tend.demo')).toBeNull());
  });

  it('cancels a subscriber now, reloads the list and announces it', async () => {
    const sam = subscription();
    const fake = fakeKeysetServer(`admin/facilitator/${FACILITATOR_ID}/subscribers`, [sam], {
      routes: {
        [`GET admin/facilitator/${FACILITATOR_ID}`]: { status: 200, body: maya },
        [`POST admin/subscription/${sam._id}/cancel`]: {
          status: 200,
          body: {
            outcome: 'cancelled',
            subscription: { ...sam, status: 'canceled', canCancelNow: false, canCancelAtPeriodEnd: false },
          },
        },
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Cancel now: Deep Practice for sam@tend.demo' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Are You Sure?' })).getByRole('button', {
        name: 'Cancel now',
      }),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Deep Practice for Sam Lee is cancelled.'));
    expect(sentTo(fake.fetchMock, `POST admin/subscription/${sam._id}/cancel`)).toEqual([{ when: 'now' }]);
    // asked again after the cancel
    expect(
      fake.requests().filter((r) => r.startsWith(`admin/facilitator/${FACILITATOR_ID}/subscribers`)).length,
    ).toBeGreaterThan(1);
  });

  it("says 'No current subscribers' when none is left", async () => {
    fakeKeysetServer(`admin/facilitator/${FACILITATOR_ID}/subscribers`, [], {
      routes: { [`GET admin/facilitator/${FACILITATOR_ID}`]: { status: 200, body: maya } },
    });
    open();
    expect(await screen.findByText('No current subscribers')).toBeTruthy();
  });
});

describe('a delete refused for paying subscribers has a way forward', () => {
  it('on the Facilitators list: the dialog links to their subscribers', async () => {
    const facilitators: AdminFacilitatorRow[] = [
      { _id: FACILITATOR_ID, name: 'Maya Rivers', email: 'maya@tend.demo', username: 'maya' },
    ];
    fakeKeysetServer('admin/facilitator', facilitators, { remove: () => refused });
    const { user } = renderPage(<FacilitatorsPage />, { path: '/admin/facilitators' });
    await user.click(await screen.findByRole('button', { name: 'Delete maya@tend.demo' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_MESSAGES.payingSubscribers);
    const link = within(screen.getByRole('alertdialog')).getByRole('link', { name: 'View Subscribers' });
    expect(link.getAttribute('href')).toBe(subscribersUrl);
    await user.click(link);
    expect((await screen.findByTestId('location')).textContent).toBe(subscribersUrl);
  });

  it('on the Users list too (a facilitator is a user); other refusals have no link', async () => {
    const users: AdminUserRow[] = [
      { _id: FACILITATOR_ID, email: 'maya@tend.demo', username: 'maya', isFacilitator: true },
      { _id: 'u2', email: 'root@tend.demo', username: 'root', isFacilitator: false },
    ];
    fakeKeysetServer('admin/user', users, {
      remove: (id) =>
        id === FACILITATOR_ID
          ? refused
          : { status: 409, body: { error: 'delete_admin', message: ADMIN_MESSAGES.deleteAdmin } },
    });
    const { user } = renderPage(<UsersPage />, { path: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Delete maya@tend.demo' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('alert');
    expect(
      within(screen.getByRole('alertdialog')).getByRole('link', { name: 'View Subscribers' }).getAttribute('href'),
    ).toBe(subscribersUrl);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete root@tend.demo' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_MESSAGES.deleteAdmin);
    expect(within(screen.getByRole('alertdialog')).queryByRole('link')).toBeNull();
  });
});
