// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { getToken, setToken } from '@web/api/client';
import { DELETE_TITLE } from './your-data-section';
import { buildProfile, renderSettings, routeFetch, sentTo } from './testing/settings-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  setToken('my-token');
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SettingsPage, Your data', () => {
  it('downloads my data with my token as tend-data.json', async () => {
    const createObjectURL = vi.fn(() => 'blob:tend-data');
    // jsdom has no object URLs
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('tend-data.json');
      expect(this.href).toBe('blob:tend-data');
    });
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/account/export': { status: 200, body: { profile: { name: 'Sam Rivers' } } },
    });
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/app/account/export')!;
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer my-token');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('deletes the account after asking for the password, then signs out to /login', async () => {
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'POST app/account/delete': (body) =>
        (body as { password: string }).password === 'tend-demo-garden'
          ? { status: 200, body: { deleted: true } }
          : { status: 400, body: { error: 'current_password_wrong', message: 'Your password is not right.' } },
    });
    const { user, queryClient } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: DELETE_TITLE });
    expect(within(dialog).getByText(/posts, comments and messages/)).toBeTruthy();
    expect(within(dialog).getByText(/Groups you own/)).toBeTruthy();
    expect(within(dialog).getByText(/paid subscriptions are cancelled/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter your password')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/account/delete')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Password'), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Your password is not right.')).toBeTruthy();
    expect(getToken()).toBe('my-token');

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'tend-demo-garden');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(sentTo(fetchMock, 'POST app/account/delete')).toEqual([
      { password: 'wrong-one' },
      { password: 'tend-demo-garden' },
    ]);
    expect(getToken()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
