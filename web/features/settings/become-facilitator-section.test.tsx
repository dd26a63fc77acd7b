// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { BECOME_FACILITATOR_TEXTS } from './settings-texts';
import { buildProfile, renderSettings, routeFetch, sentTo } from './testing/settings-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings, Become a facilitator', () => {
  it('is offered to a member the site allows, sends the profile fields and opens the dashboard', async () => {
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile({ mayBecomeFacilitator: true }) },
      'POST app/me/become-facilitator': (body) => ({
        status: 200,
        body: buildProfile({ ...(body as object), isFacilitator: true, payoutStatus: 'not_linked' }),
      }),
    });
    const { user } = renderSettings();
    const form = await screen.findByRole('form', { name: BECOME_FACILITATOR_TEXTS.title });
    expect(screen.getByRole('heading', { name: BECOME_FACILITATOR_TEXTS.title })).toBeTruthy();
    const about = screen.getByRole('textbox', { name: BECOME_FACILITATOR_TEXTS.bioLabel }) as HTMLTextAreaElement;
    expect(about.value).toBe('Here to slow down.');
    await user.clear(about);
    await user.type(about, 'I teach breathwork.');
    await user.type(screen.getByRole('textbox', { name: /^Category/ }), 'Breath');
    await user.click(screen.getByRole('button', { name: BECOME_FACILITATOR_TEXTS.submit }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(sentTo(fetchMock, 'POST app/me/become-facilitator')[0]).toEqual({
      bio: 'I teach breathwork.',
      facilitatorCategory: 'Breath',
    });
    expect(form).toBeTruthy();
  });

  it('shows the server refusal and stays on Settings', async () => {
    routeFetch({
      'GET app/profile': { status: 200, body: buildProfile({ mayBecomeFacilitator: true }) },
      'POST app/me/become-facilitator': {
        status: 403,
        body: {
          error: 'becoming_facilitator_off',
          message: 'Becoming a facilitator is turned off on this site. Ask an admin.',
        },
      },
    });
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: BECOME_FACILITATOR_TEXTS.submit }));
    expect(await screen.findByText(/turned off on this site/)).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('is not offered to facilitators or when the site does not allow it', async () => {
    routeFetch({ 'GET app/profile': { status: 200, body: buildProfile({ mayBecomeFacilitator: false }) } });
    renderSettings();
    await screen.findByRole('form', { name: 'Settings' });
    expect(screen.queryByRole('form', { name: BECOME_FACILITATOR_TEXTS.title })).toBeNull();
  });
});
