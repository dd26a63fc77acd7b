// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { TIER_MESSAGES } from '@common/tiers/schemas';
import { NO_GROUPS_HINT } from './associated-group-field';
import { TierFormPage } from './tier-form-page';
import { buildTier, renderProgramScreen, routeFetch, sentTo, TIER_ID } from './testing/program-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/program/tier/:id';

describe('TierFormPage', () => {
  it('creates a tier with type and price, then returns to it on /program', async () => {
    const fetchMock = routeFetch({
      'GET app/own-group': { status: 200, body: [] },
      'POST app/tier/new': (body) => ({ status: 200, body: buildTier(body as object) }),
    });
    const { user } = renderProgramScreen(<TierFormPage />, PATH, '/program/tier/new');
    // the form says so on creation too
    expect(await screen.findByText('Type and price cannot be changed after the tier is created.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Morning Circle');
    await user.click(screen.getByRole('radio', { name: 'One-off' }));
    expect(screen.queryByLabelText('Post queue frequency')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Billing interval' })).toBeNull();
    expect(screen.queryByRole('spinbutton', { name: 'Free trial (days)' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Subscription' }));
    expect((screen.getByLabelText('Post queue frequency') as HTMLInputElement).value).toBe('1');
    const interval = screen.getByRole('combobox', { name: /^Billing interval/ }) as HTMLSelectElement;
    expect(interval.selectedOptions[0]!.textContent).toBe('Monthly');
    await user.type(screen.getByRole('spinbutton', { name: 'Price (USD per month)' }), '12');
    expect(await screen.findByText(NO_GROUPS_HINT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Tier' }));

    expect((await screen.findByTestId('location')).textContent).toBe(`/program?tier=${TIER_ID}`);
    expect(sentTo(fetchMock, 'POST app/tier/new')[0]).toMatchObject({
      name: 'Morning Circle',
      type: 'subscription',
      price: 12,
      interval: 'month',
      trialDays: 0,
      contentQueueFrequency: 1,
      associatedGroup: null,
      published: false,
    });
  });

  it('a new one-off course releases all its content at once unless the facilitator unticks it', async () => {
    const fetchMock = routeFetch({
      'GET app/own-group': { status: 200, body: [] },
      'POST app/tier/new': (body) => ({ status: 200, body: buildTier(body as object) }),
    });
    const { user } = renderProgramScreen(<TierFormPage />, PATH, '/program/tier/new');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ten Lessons');
    const releaseAll = screen.getByRole('checkbox', { name: /Release all content at once/ }) as HTMLInputElement;
    expect(releaseAll.checked).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'One-off' }));
    expect(releaseAll.checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Subscription' }));
    expect(releaseAll.checked).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'One-off' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Price (USD)' }), '40');
    await user.click(screen.getByRole('button', { name: 'Create Tier' }));
    await screen.findByTestId('location');
    expect(sentTo(fetchMock, 'POST app/tier/new')[0]).toMatchObject({ type: 'single', releaseAllContent: true });
  });

  it("sends the tier's own points, one a line, blank lines dropped, and says when there are too many", async () => {
    const fetchMock = routeFetch({
      'GET app/own-group': { status: 200, body: [] },
      'POST app/tier/new': (body) => ({ status: 200, body: buildTier(body as object) }),
    });
    const { user } = renderProgramScreen(<TierFormPage />, PATH, '/program/tier/new');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Morning Circle');
    await user.type(screen.getByRole('spinbutton', { name: 'Price (USD per month)' }), '12');
    const points = screen.getByRole('textbox', { name: /What's included/ });
    await user.type(points, Array.from({ length: 9 }, (_, i) => `Point ${i + 1}`).join('{Enter}'));
    expect(await screen.findByText('At most 8 points')).toBeTruthy();
    await user.clear(points);
    await user.type(points, '  A welcome call {Enter}{Enter}Worksheets');
    expect(screen.queryByText('At most 8 points')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Tier' }));
    await screen.findByTestId('location');
    expect(sentTo(fetchMock, 'POST app/tier/new')[0]).toMatchObject({ features: ['A welcome call', 'Worksheets'] });
  });

  it('creates a yearly subscription with a free trial; the price says per year', async () => {
    const fetchMock = routeFetch({
      'GET app/own-group': { status: 200, body: [] },
      'POST app/tier/new': (body) => ({ status: 200, body: buildTier(body as object) }),
    });
    const { user } = renderProgramScreen(<TierFormPage />, PATH, '/program/tier/new');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'A Year of Calm');
    const interval = screen.getByRole('combobox', { name: /^Billing interval/ });
    expect(Array.from((interval as HTMLSelectElement).options, (o) => o.textContent)).toEqual([
      'Weekly',
      'Monthly',
      'Annually',
    ]);
    await user.selectOptions(interval, 'Annually');
    await user.type(screen.getByRole('spinbutton', { name: 'Price (USD per year)' }), '120');
    const trial = screen.getByRole('spinbutton', { name: 'Free trial (days)' });
    await user.clear(trial);
    await user.type(trial, '7');
    await user.click(screen.getByRole('button', { name: 'Create Tier' }));

    expect((await screen.findByTestId('location')).textContent).toBe(`/program?tier=${TIER_ID}`);
    expect(sentTo(fetchMock, 'POST app/tier/new')[0]).toMatchObject({
      type: 'subscription',
      price: 120,
      interval: 'year',
      trialDays: 7,
    });
  });

  it('requires the price on creation', async () => {
    const fetchMock = routeFetch({ 'GET app/own-group': { status: 404 } });
    const { user } = renderProgramScreen(<TierFormPage />, PATH, '/program/tier/new');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Morning Circle');
    await user.click(screen.getByRole('button', { name: 'Create Tier' }));
    expect(await screen.findByText('Price is required')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/tier/new')).toEqual([]);
  });

  it('shows type, price and interval read-only when editing, and does not send them; the trial may change', async () => {
    const tier = buildTier({ associatedGroup: null, price: 120, interval: 'year' });
    const fetchMock = routeFetch({
      [`GET app/tier/${TIER_ID}`]: { status: 200, body: tier },
      'GET app/own-group': {
        status: 200,
        body: [{ _id: '11111111-2222-4333-8444-555555555555', name: 'Sunrise Sangha' }],
      },
      [`POST app/tier/${TIER_ID}`]: (body) => ({ status: 200, body: { ...tier, ...(body as object) } }),
    });
    const { user } = renderProgramScreen(<TierFormPage />, PATH, `/program/tier/${TIER_ID}`);
    expect(await screen.findByText(TIER_MESSAGES.fixedAfterCreation)).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'One-off' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Billing interval/ })).toBeNull();
    expect(screen.getByText('$120 / year')).toBeTruthy();
    expect(screen.getByText('Billing interval').nextElementSibling?.textContent).toBe('Annually');
    expect(await screen.findByRole('option', { name: 'Sunrise Sangha' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Allow direct messaging' }));
    const trial = screen.getByRole('spinbutton', { name: 'Free trial (days)' });
    await user.clear(trial);
    await user.type(trial, '14');
    await user.click(screen.getByRole('button', { name: 'Save Tier' }));

    expect((await screen.findByTestId('location')).textContent).toBe(`/program?tier=${TIER_ID}`);
    const sent = sentTo(fetchMock, `POST app/tier/${TIER_ID}`)[0] as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Morning Circle', allowDirectMessaging: true, trialDays: 14 });
    expect(sent).not.toHaveProperty('type');
    expect(sent).not.toHaveProperty('price');
    expect(sent).not.toHaveProperty('interval');
  });
});
