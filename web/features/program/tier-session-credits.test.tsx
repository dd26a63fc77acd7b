// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
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
