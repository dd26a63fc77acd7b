// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { ManageFacilitatorPage } from '../facilitators/manage-facilitator-page';
import {
  buildFacilitator,
  buildUser,
  FACILITATOR_ID,
  renderManagePage,
  routeFetch,
  USER_ID,
} from '../testing/admin-form-fixtures';
import { ManageUserPage } from '../users/manage-user-page';

resetPageBetweenTests({ token: 'token' });

describe('the manage screens lead to the money tools', () => {
  it("Manage User links to the user's subscriptions and payments", async () => {
    routeFetch({ [`GET admin/user/${USER_ID}`]: { status: 200, body: buildUser() } });
    renderManagePage(<ManageUserPage />, '/admin/manage-user/:id', USER_ID);
    const link = await screen.findByRole('link', { name: 'Subscriptions and Payments' });
    expect(link.getAttribute('href')).toBe(`/admin/users/${USER_ID}/money`);
  });

  it('Manage Facilitator links to their subscribers and to their own subscriptions and payments', async () => {
    routeFetch({ [`GET admin/facilitator/${FACILITATOR_ID}`]: { status: 200, body: buildFacilitator() } });
    renderManagePage(<ManageFacilitatorPage />, '/admin/manage-facilitator/:id', FACILITATOR_ID);
    expect((await screen.findByRole('link', { name: 'View Subscribers' })).getAttribute('href')).toBe(
      `/admin/facilitators/${FACILITATOR_ID}/subscribers`,
    );
    expect(screen.getByRole('link', { name: 'Subscriptions and Payments' }).getAttribute('href')).toBe(
      `/admin/users/${FACILITATOR_ID}/money`,
    );
  });

  it('a new account has nothing to link to yet', async () => {
    routeFetch({});
    renderManagePage(<ManageUserPage />, '/admin/manage-user/:id', 'new');
    await screen.findByRole('form', { name: 'Add User' });
    expect(screen.queryByRole('link', { name: 'Subscriptions and Payments' })).toBeNull();
  });
});
