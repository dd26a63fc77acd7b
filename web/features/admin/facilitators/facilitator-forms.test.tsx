// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@common/admin/schemas';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import {
  buildFacilitator,
  buildTier,
  FACILITATOR_ID,
  renderManagePage,
  routeFetch,
  sentTo,
  TIER_ID,
} from '../testing/admin-form-fixtures';
import { NEW_ACCOUNT_NOTE } from '../account-fields';
import { ManageFacilitatorPage, VIEW_TIERS } from './manage-facilitator-page';
import { ManageTierPage, PRICE_LOCKED_HINT } from './manage-tier-page';

resetPageBetweenTests({ token: 'token' });

describe('Facilitator form', () => {
  const PATH = '/admin/manage-facilitator/:id';

  it('POSTs the edited facilitator to admin/facilitator/{id} and links to their tiers', async () => {
    const loaded = buildFacilitator();
    const fetchMock = routeFetch({
      [`GET admin/facilitator/${FACILITATOR_ID}`]: { status: 200, body: loaded },
      [`POST admin/facilitator/${FACILITATOR_ID}`]: { status: 200, body: loaded },
    });
    const { user } = renderManagePage(<ManageFacilitatorPage />, PATH, FACILITATOR_ID);

    const category = await screen.findByRole('textbox', { name: 'Facilitator Category' });
    expect(screen.getByRole('link', { name: VIEW_TIERS }).getAttribute('href')).toBe(
      `/admin/facilitators/${FACILITATOR_ID}/tiers`,
    );
    await user.clear(category);
    await user.type(category, 'Breathwork');
    await user.click(screen.getByRole('switch', { name: 'Two Factor Enabled' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin/facilitators');
    const { _id, ...values } = loaded;
    expect(sentTo(fetchMock, `POST admin/facilitator/${FACILITATOR_ID}`)).toEqual([
      { ...values, facilitatorCategory: 'Breathwork', twoFactorEnabled: true },
    ]);
  });

  it('for new, loads nothing, offers no View Tiers and POSTs to admin/facilitator', async () => {
    const fetchMock = routeFetch({ 'POST admin/facilitator': { status: 200, body: buildFacilitator() } });
    const { user } = renderManagePage(<ManageFacilitatorPage />, PATH, 'new');

    expect(screen.getByRole('heading', { level: 1, name: 'Add Facilitator' })).toBeTruthy();
    expect(screen.getByText(NEW_ACCOUNT_NOTE)).toBeTruthy();
    expect(screen.queryByRole('link', { name: VIEW_TIERS })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lee Moss');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'leemoss');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'lee@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin/facilitators');
    expect(sentTo(fetchMock, 'POST admin/facilitator')[0]).toMatchObject({
      name: 'Lee Moss',
      username: 'leemoss',
      facilitatorCategory: '',
    });
    expect(fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toEqual([]);
  });

  it('shows a refusal in the server’s words and offers Retry', async () => {
    routeFetch({
      [`GET admin/facilitator/${FACILITATOR_ID}`]: { status: 200, body: buildFacilitator() },
      [`POST admin/facilitator/${FACILITATOR_ID}`]: { status: 409, body: { message: ADMIN_MESSAGES.emailInUse } },
    });
    const { user } = renderManagePage(<ManageFacilitatorPage />, PATH, FACILITATOR_ID);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(ADMIN_MESSAGES.emailInUse)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('Tier form (admin)', () => {
  const PATH = '/admin/manage-tier/:id';
  const TIERS = `/admin/facilitators/${FACILITATOR_ID}/tiers`;

  it('POSTs name, price, description and thumbnail to admin/tier/{id}, then returns to the facilitator’s tiers', async () => {
    const fetchMock = routeFetch({
      [`GET admin/tier/${TIER_ID}`]: { status: 200, body: buildTier() },
      [`POST admin/tier/${TIER_ID}`]: { status: 200, body: buildTier() },
    });
    const { user } = renderManagePage(<ManageTierPage />, PATH, TIER_ID);

    expect(await screen.findByRole('link', { name: "Back to Ana Ruiz's Tiers" })).toBeTruthy();
    const price = screen.getByRole('spinbutton', { name: 'Price (USD)' });
    expect(screen.getByText('Per month. 0 makes it free.')).toBeTruthy();
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Price is required')).toBeTruthy();
    await user.type(price, '15.5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('location')).textContent).toBe(TIERS);
    expect(sentTo(fetchMock, `POST admin/tier/${TIER_ID}`)).toEqual([
      { name: 'Sunrise Circle', price: 15.5, description: 'Daily sits.', thumbnail: null },
    ]);
  });

  it('shows a bought tier’s price read-only and sends it unchanged', async () => {
    const fetchMock = routeFetch({
      [`GET admin/tier/${TIER_ID}`]: { status: 200, body: buildTier({ priceLocked: true }) },
      [`POST admin/tier/${TIER_ID}`]: { status: 200, body: buildTier() },
    });
    const { user } = renderManagePage(<ManageTierPage />, PATH, TIER_ID);

    const price = (await screen.findByRole('spinbutton', { name: 'Price (USD)' })) as HTMLInputElement;
    expect(price.readOnly).toBe(true);
    expect(screen.getByText(PRICE_LOCKED_HINT)).toBeTruthy();
    await user.type(price, '9');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByTestId('location');
    expect(sentTo(fetchMock, `POST admin/tier/${TIER_ID}`)[0]).toMatchObject({ price: 12 });
  });

  it('creates no tier for new', async () => {
    const fetchMock = routeFetch({});
    renderManagePage(<ManageTierPage />, PATH, 'new');
    expect(screen.getByText('Tiers are created by their facilitator')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
