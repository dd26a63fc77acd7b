// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ADMIN_MESSAGES,
  type AdminFacilitatorAnswer,
  type AdminFacilitatorRow,
  type AdminTierRow,
} from '@common/admin/schemas';
import {
  fakeKeysetServer,
  renderPage,
  resetPageBetweenTests,
  routeFetch,
  sentTo,
  withoutAnimations,
} from '../testing/list-fixtures';
import { FacilitatorsPage } from './facilitators-page';
import { FacilitatorTiersPage } from './facilitator-tiers-page';

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
const tier = (n: number, overrides: Partial<AdminTierRow> = {}): AdminTierRow => ({
  _id: `7e000000-0000-4000-8000-00000000000${n}`,
  name: `Tier ${n}`,
  price: 12,
  type: 'subscription',
  interval: 'month',
  published: true,
  ...overrides,
});

describe('FacilitatorsPage', () => {
  const facilitators: AdminFacilitatorRow[] = [
    { _id: 'f2', name: 'Maya Rivers', email: 'maya@tend.demo', username: 'maya' },
    { _id: 'f1', name: 'Omar Lake', email: 'omar@tend.demo', username: 'omar' },
  ];

  it('lists Email, Username, Edit and Delete, and searches on the server', async () => {
    const { requests } = fakeKeysetServer('admin/facilitator', facilitators);
    const { user } = renderPage(<FacilitatorsPage />, { path: '/admin/facilitators' });
    await screen.findByText('maya@tend.demo');
    expect(
      within(screen.getByRole('table', { name: 'Facilitators' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Email', 'Username', 'Edit', 'Delete']);
    expect(screen.getByRole('link', { name: 'Edit maya@tend.demo' }).getAttribute('href')).toBe(
      '/admin/manage-facilitator/f2',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search Facilitators' }), 'omar');
    await waitFor(() => expect(requests()).toContain('admin/facilitator?limit=10&search=omar'));
    await waitFor(() => expect(screen.queryByText('maya@tend.demo')).toBeNull());
    expect(screen.getByText('omar@tend.demo')).toBeTruthy();
  });

  it('shows why a facilitator with paying subscribers cannot be deleted', async () => {
    fakeKeysetServer('admin/facilitator', facilitators, {
      remove: () => ({ status: 409, body: { message: ADMIN_MESSAGES.payingSubscribers } }),
    });
    const { user } = renderPage(<FacilitatorsPage />, { path: '/admin/facilitators' });
    await user.click(await screen.findByRole('button', { name: 'Delete maya@tend.demo' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_MESSAGES.payingSubscribers);
  });
});

describe('FacilitatorTiersPage', () => {
  const url = `/admin/facilitators/${FACILITATOR_ID}/tiers`;
  const open = () => renderPage(<FacilitatorTiersPage />, { path: '/admin/facilitators/:id/tiers', url });

  it("is headed with the facilitator's name and lists Name, Price, Edit and Delete", async () => {
    routeFetch({
      [`GET admin/facilitator/${FACILITATOR_ID}`]: { status: 200, body: maya },
      [`GET admin/facilitator/${FACILITATOR_ID}/tiers`]: {
        status: 200,
        body: [tier(1, { price: 12.5, interval: 'year' }), tier(2, { type: 'single', published: false })],
      },
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: "Maya Rivers's Tiers" })).toBeTruthy();
    const table = await screen.findByRole('table', { name: "Maya Rivers's Tiers" });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Price', 'Edit', 'Delete']);
    expect(await within(table).findByText('$12.50')).toBeTruthy();
    expect(within(table).getByText('One-off course · Draft')).toBeTruthy();
    expect(within(table).getByText('Yearly subscription')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Tier 1' }).getAttribute('href')).toBe(
      `/admin/manage-tier/${tier(1)._id}`,
    );
    expect(screen.getByRole('link', { name: 'Back to facilitator' }).getAttribute('href')).toBe(
      `/admin/manage-facilitator/${FACILITATOR_ID}`,
    );
  });

  it("says 'No tiers available' when there are none", async () => {
    routeFetch({
      [`GET admin/facilitator/${FACILITATOR_ID}`]: { status: 200, body: maya },
      [`GET admin/facilitator/${FACILITATOR_ID}/tiers`]: { status: 200, body: [] },
    });
    open();
    expect(await screen.findByText('No tiers available')).toBeTruthy();
  });

  it('deletes a tier through its facilitator and reloads the tiers', async () => {
    let tiers = [tier(1), tier(2)];
    const deletePath = `DELETE admin/facilitator/${FACILITATOR_ID}/tiers/${tier(1)._id}`;
    const fetchMock = routeFetch({
      [`GET admin/facilitator/${FACILITATOR_ID}`]: { status: 200, body: maya },
      [`GET admin/facilitator/${FACILITATOR_ID}/tiers`]: () => ({ status: 200, body: tiers }),
      [deletePath]: () => {
        tiers = [tier(2)];
        return { status: 200, body: { deleted: true } };
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Tier 1' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentTo(fetchMock, deletePath)).toHaveLength(1);
    expect(screen.queryByText('Tier 1')).toBeNull();
    expect(screen.getByText('Tier 2')).toBeTruthy();
  });
});
