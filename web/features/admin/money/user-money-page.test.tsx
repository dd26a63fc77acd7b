// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUserAnswer } from '@common/admin/schemas';
import { renderPage, resetPageBetweenTests, routeFetch, sentTo, withoutAnimations } from '../testing/list-fixtures';
import { payment, subscription, USER_ID } from '../testing/money-fixtures';
import { UserMoneyPage } from './user-money-page';

resetPageBetweenTests({ token: 'admin-token' });
withoutAnimations();

const sam: AdminUserAnswer = {
  _id: USER_ID,
  name: 'Sam Lee',
  username: 'sam',
  email: 'sam@tend.demo',
  bio: '',
  profilePicture: null,
  emailConfirmed: true,
  twoFactorEnabled: false,
  isAdmin: false,
  isFacilitator: false,
};

const url = `/admin/users/${USER_ID}/money`;
const open = () => renderPage(<UserMoneyPage />, { path: '/admin/users/:id/money', url });
const lists = (subscriptions: unknown, payments: unknown) => ({
  [`GET admin/user/${USER_ID}`]: { status: 200, body: sam },
  [`GET admin/user/${USER_ID}/subscriptions`]:
    typeof subscriptions === 'function'
      ? (subscriptions as () => { status: number; body: unknown })
      : { status: 200, body: subscriptions },
  [`GET admin/user/${USER_ID}/payments`]:
    typeof payments === 'function'
      ? (payments as () => { status: number; body: unknown })
      : { status: 200, body: payments },
});

describe('UserMoneyPage', () => {
  it("shows the user's subscriptions and payments, with the actions each allows", async () => {
    routeFetch(
      lists(
        [
          subscription(),
          subscription({
            _id: 'c2',
            tier: { _id: 't2', name: 'Open Circle', type: 'subscription' },
            price: 0,
            isPaid: false,
            canCancelAtPeriodEnd: false,
          }),
        ],
        [payment(), payment({ _id: 'e2', amount: 8, refunded: 8, refundable: 0, canRefund: false })],
      ),
    );
    open();
    expect(await screen.findByRole('heading', { level: 1, name: "Sam Lee's Subscriptions and Payments" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to user' }).getAttribute('href')).toBe(
      `/admin/manage-user/${USER_ID}`,
    );

    const subscriptions = await screen.findByRole('table', { name: 'Subscriptions' });
    expect(
      within(subscriptions)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Plan', 'Actions']);
    await within(subscriptions).findByText('Open Circle');
    expect(within(subscriptions).getByText('Free · by Maya Rivers · since 03/02/2026')).toBeTruthy();
    expect(within(subscriptions).getAllByText('Active')).toHaveLength(2);
    expect(
      within(subscriptions).getByRole('button', { name: 'Cancel now: Deep Practice for sam@tend.demo' }),
    ).toBeTruthy();
    expect(
      within(subscriptions).getByRole('button', { name: 'Cancel at period end: Deep Practice for sam@tend.demo' }),
    ).toBeTruthy();
    // a free one has no period to wait for
    expect(
      within(subscriptions).queryByRole('button', { name: 'Cancel at period end: Open Circle for sam@tend.demo' }),
    ).toBeNull();

    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(
      within(payments)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Payment', 'Amount', 'Refund']);
    expect(within(payments).getByRole('button', { name: 'Refund $12 for Deep Practice on 06/01/2026' })).toBeTruthy();
    expect(within(payments).getAllByRole('button', { name: /^Refund \$/ })).toHaveLength(1);
    expect(within(payments).getByText('$5 refunded')).toBeTruthy();
    // the fully refunded one says so instead
    expect(
      within(payments)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toContain('Refunded');
  });

  it('cancels now after the confirm dialog and announces the outcome', async () => {
    let rows = [subscription()];
    const cancelPath = `POST admin/subscription/${subscription()._id}/cancel`;
    const fetchMock = routeFetch({
      ...lists(() => ({ status: 200, body: rows }), []),
      [cancelPath]: () => {
        rows = [
          subscription({
            status: 'canceled',
            isActive: false,
            endDate: '2026-06-10T10:00:00.000Z',
            canCancelNow: false,
            canCancelAtPeriodEnd: false,
          }),
        ];
        return { status: 200, body: { outcome: 'cancelled', subscription: rows[0] } };
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Cancel now: Deep Practice for sam@tend.demo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
    expect(dialog.textContent).toContain('Deep Practice for Sam Lee ends now');
    // Cancel in this dialog would read like the action itself
    expect(within(dialog).getByRole('button', { name: 'Keep subscription' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel now' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentTo(fetchMock, cancelPath)).toEqual([{ when: 'now' }]);
    expect(screen.getByRole('status').textContent).toBe('Deep Practice for Sam Lee is cancelled.');
    expect(await screen.findByText('Ended 06/10/2026')).toBeTruthy();
    // the buttons went with the action; focus is on the outcome, not lost to the page
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
  });

  it('cancels at the period end and says when it ends', async () => {
    const ending = subscription({
      cancelAtPeriodEnd: true,
      isActive: false,
      endDate: '2026-07-01T10:00:00.000Z',
      canCancelAtPeriodEnd: false,
    });
    const fetchMock = routeFetch({
      ...lists([subscription()], []),
      [`POST admin/subscription/${ending._id}/cancel`]: {
        status: 200,
        body: { outcome: 'ends_at_period_end', subscription: ending },
      },
    });
    const { user } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel at period end: Deep Practice for sam@tend.demo' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
    expect(dialog.textContent).toContain('It stays open until 07/01/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Deep Practice for Sam Lee will end on 07/01/2026.'),
    );
    expect(sentTo(fetchMock, `POST admin/subscription/${ending._id}/cancel`)).toEqual([{ when: 'period_end' }]);
  });

  it("keeps the dialog open with the server's reason when a cancel is refused", async () => {
    routeFetch({
      ...lists([subscription()], []),
      [`POST admin/subscription/${subscription()._id}/cancel`]: {
        status: 409,
        body: { error: 'subscription_ended', message: 'This subscription has already ended.' },
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Cancel now: Deep Practice for sam@tend.demo' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This subscription has already ended.');
    expect(screen.getByRole('alertdialog', { name: 'Are You Sure?' })).toBeTruthy();
  });

  it('refunds the amount typed, up to what is left, and announces it', async () => {
    const refundPath = `POST admin/payment/${payment()._id}/refund`;
    const fetchMock = routeFetch({
      ...lists([], [payment()]),
      [refundPath]: { status: 200, body: { refunded: 5, payment: payment({ refunded: 10, refundable: 2 }) } },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Refund $12 for Deep Practice on 06/01/2026' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund (USD)' }) as HTMLInputElement;
    // all that is left, by default
    expect(amount.value).toBe('7.00');
    expect(dialog.textContent).toContain('Up to $7 ($5 already refunded).');

    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Enter an amount from $0.01 to $7.');
    expect(sentTo(fetchMock, refundPath)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentTo(fetchMock, refundPath)).toEqual([{ amount: 5 }]);
    expect(screen.getByRole('status').textContent).toBe('Refunded $5 of the $12 payment for Deep Practice.');
  });

  it('says when there is nothing, and when a list could not load', async () => {
    routeFetch(lists([], () => ({ status: 500, body: { error: 'internal_error', message: 'Something went wrong' } })));
    open();
    expect(await screen.findByText('No subscriptions')).toBeTruthy();
    expect(await screen.findByText('We could not load the payments.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says so when the user does not exist', async () => {
    routeFetch({
      [`GET admin/user/${USER_ID}`]: { status: 404, body: { error: 'user_not_found', message: 'User not found' } },
      [`GET admin/user/${USER_ID}/subscriptions`]: {
        status: 404,
        body: { error: 'user_not_found', message: 'User not found' },
      },
      [`GET admin/user/${USER_ID}/payments`]: {
        status: 404,
        body: { error: 'user_not_found', message: 'User not found' },
      },
    });
    open();
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Users' }).getAttribute('href')).toBe('/admin');
  });
});
