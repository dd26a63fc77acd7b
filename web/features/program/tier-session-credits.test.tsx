// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { TierFormPage } from './tier-form-page';
import { buildTier, renderProgramScreen, routeFetch, sentTo } from './testing/program-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("A tier's session credits", () => {
  it('are sent with the new tier: credits per period, and roll-over once there are any', async () => {
    const fetchMock = routeFetch({
      'GET app/own-group': { status: 200, body: [] },
      'POST app/tier/new': (body) => ({ status: 200, body: buildTier(body as object) }),
    });
    const { user } = renderProgramScreen(<TierFormPage />, '/program/tier/:id', '/program/tier/new');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Live practice');
    await user.type(screen.getByRole('spinbutton', { name: 'Price (USD per month)' }), '30');
    const credits = screen.getByRole('spinbutton', { name: 'Session credits per period' });
    expect(screen.queryByRole('checkbox', { name: /Unused credits roll over/ })).toBeNull();
    await user.clear(credits);
    await user.type(credits, '2');
    await user.click(screen.getByRole('checkbox', { name: /Unused credits roll over/ }));
    await user.click(screen.getByRole('button', { name: 'Create Tier' }));

    await screen.findByTestId('location');
    expect(sentTo(fetchMock, 'POST app/tier/new')[0]).toMatchObject({ sessionCredits: 2, creditsRollOver: true });
  });
});

const YOGA = '11111111-1111-4111-8111-111111111111';
const BREATH = '22222222-2222-4222-8222-222222222222';
const OWN_SERIES = [
  { _id: BREATH, name: 'Breath', summary: 'Weekly on Mon, Wed · 07:00', lastDate: '2027-03-30' },
  { _id: YOGA, name: 'Yoga', summary: 'Weekly on Tue · 18:00', lastDate: '2027-06-01' },
];

describe("A tier's credits limited to chosen series", () => {
  it('lists my series once the tier has credits; the ticked ones are sent, none ticked means any session', async () => {
    const tier = buildTier({ sessionCredits: 2, creditSeriesIds: [YOGA] });
    const fetchMock = routeFetch({
      [`GET app/tier/${tier._id}`]: { status: 200, body: tier },
      'GET app/own-group': { status: 200, body: [] },
      'GET app/facilitator/session-series': { status: 200, body: OWN_SERIES },
      [`POST app/tier/${tier._id}`]: (body) => ({ status: 200, body: { ...tier, ...(body as object) } }),
    });
    const { user } = renderProgramScreen(<TierFormPage />, '/program/tier/:id', `/program/tier/${tier._id}`);
    const group = await screen.findByRole('group', { name: 'Sessions the credits book' });
    const yoga = await within(group).findByRole('checkbox', { name: 'Yoga' });
    const breath = within(group).getByRole('checkbox', { name: 'Breath' });
    expect((yoga as HTMLInputElement).checked).toBe(true);
    expect((breath as HTMLInputElement).checked).toBe(false);
    expect(within(group).getByText('Weekly on Mon, Wed · 07:00 · until 03/30/2027')).toBeTruthy();
    expect(breath.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(group).getByText('Credits book the sessions of 1 series.')).toBeTruthy();
    await user.click(breath);
    await user.click(yoga);
    await user.click(screen.getByRole('button', { name: 'Save Tier' }));
    await screen.findByTestId('location');
    expect(sentTo(fetchMock, `POST app/tier/${tier._id}`)[0]).toMatchObject({ creditSeriesIds: [BREATH] });

    // no credits: no series to choose
    cleanup();
    routeFetch({
      'GET app/own-group': { status: 200, body: [] },
      'GET app/facilitator/session-series': { status: 200, body: OWN_SERIES },
    });
    renderProgramScreen(<TierFormPage />, '/program/tier/:id', '/program/tier/new');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('group', { name: 'Sessions the credits book' })).toBeNull();
  });

  it('says so when there are no series, and offers Try again when they cannot be loaded', async () => {
    let fail = true;
    const tier = buildTier({ sessionCredits: 1 });
    routeFetch({
      [`GET app/tier/${tier._id}`]: { status: 200, body: tier },
      'GET app/own-group': { status: 200, body: [] },
      'GET app/facilitator/session-series': () =>
        fail
          ? { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } }
          : { status: 200, body: [] },
    });
    const { user } = renderProgramScreen(<TierFormPage />, '/program/tier/:id', `/program/tier/${tier._id}`);
    const group = await screen.findByRole('group', { name: 'Sessions the credits book' });
    expect(within(group).getByRole('status')).toBeTruthy();
    const alert = await within(group).findByRole('alert');
    expect(alert.textContent).toContain('Your series could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await within(group).findByText(
        'You have no repeating series yet, so the credits book any paid session of yours.',
      ),
    ).toBeTruthy();
    expect(within(group).queryByRole('checkbox')).toBeNull();
  });
});
