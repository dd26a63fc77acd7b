// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { buildProfile, renderSettings, routeFetch, sentTo } from './testing/settings-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const here = {
  _id: 's-here',
  device: 'Chrome on macOS',
  signedInAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-24T09:00:00.000Z',
  current: true,
};
const phone = {
  _id: 's-phone',
  device: 'Safari on iOS',
  signedInAt: '2026-10-02T10:00:00.000Z',
  lastSeenAt: '2026-11-20T08:00:00.000Z',
  current: false,
};

describe("Settings: where you're signed in", () => {
  it('lists my sessions, this device marked, and signs the others out', async () => {
    let list = [here, phone];
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/sessions': () => ({ status: 200, body: list }),
      'POST app/sessions/sign-out-others': () => {
        list = [here];
        return { status: 200, body: list };
      },
    });
    const { user } = renderSettings();
    const sessions = await screen.findByRole('list', { name: 'Signed-in sessions' });
    expect(await within(sessions).findByText('Safari on iOS')).toBeTruthy();
    expect(within(sessions).getByText('This device')).toBeTruthy();
    expect(within(sessions).getByRole('button', { name: /^Sign out Safari on iOS, last used/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByText('You are signed in only here.')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/sessions/sign-out-others')).toHaveLength(1);
  });

  it('says when the sessions cannot be loaded, with a retry', async () => {
    routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/sessions': { status: 500, body: { error: 'down' } },
    });
    renderSettings();
    expect(await screen.findByText('We could not load your sessions.')).toBeTruthy();
  });
});
