// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { PROFILE_MESSAGES } from '@common/profiles/schemas';
import { BIO_PLACEHOLDERS } from './settings-form';
import { LOAD_FAILED_TEXT } from './settings-page';
import { buildProfile, renderSettings, routeFetch, sentTo, USER_ID } from './testing/settings-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const valueOf = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

describe('SettingsPage form', () => {
  it('fills in my account, with the confirmed tick and the joined date', async () => {
    routeFetch({ 'GET app/profile': { status: 200, body: buildProfile() } });
    renderSettings();
    expect(await screen.findByRole('form', { name: 'Settings' })).toBeTruthy();
    expect(valueOf('Name')).toBe('Sam Rivers');
    expect(valueOf('Email')).toBe('sam@tend.demo');
    expect(valueOf('Bio')).toBe('Here to slow down.');
    expect(screen.getByText('Email confirmed')).toBeTruthy();
    expect(screen.queryByText('Email not confirmed')).toBeNull();
    expect(screen.getByText('Joined 03/05/2024')).toBeTruthy();
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Enable Two Factor Authentication' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend Email Confirmation' })).toBeNull();
  });

  it('asks members what brings them here and facilitators to describe their work', async () => {
    routeFetch({ 'GET app/profile': { status: 200, body: buildProfile() } });
    renderSettings();
    expect((await screen.findByRole('textbox', { name: 'Bio' })).getAttribute('placeholder')).toBe(
      BIO_PLACEHOLDERS.member,
    );
    expect(screen.queryByRole('textbox', { name: 'Category' })).toBeNull();
    cleanup();

    routeFetch({
      'GET app/profile': {
        status: 200,
        body: buildProfile({ isFacilitator: true, facilitatorCategory: 'Yoga', payoutStatus: 'not_linked' }),
      },
    });
    renderSettings();
    expect((await screen.findByRole('textbox', { name: 'Bio' })).getAttribute('placeholder')).toBe(
      'Describe your work',
    );
    expect(valueOf('Category')).toBe('Yoga');
  });

  it('hides two-factor while the email is unconfirmed and resends the confirmation', async () => {
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile({ emailConfirmed: false }) },
      'GET app/send-confirm': { status: 200, body: { userId: USER_ID, status: 'sent' } },
    });
    const { user } = renderSettings();
    expect(await screen.findByText('Email not confirmed')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Enable Two Factor Authentication' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Enter code' }).getAttribute('href')).toBe(
      `/confirm-email?u=${USER_ID}&rd=%2Fsettings`,
    );
    await user.click(screen.getByRole('button', { name: 'Resend Email Confirmation' }));
    await vi.waitFor(() => expect(sentTo(fetchMock, 'GET app/send-confirm')).toHaveLength(1));
  });

  it('saves with empty password fields and goes to /profile', async () => {
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'POST app/profile': (body) => ({ status: 200, body: buildProfile(body as object) }),
    });
    const { user } = renderSettings();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Sam River');
    await user.click(screen.getByRole('checkbox', { name: 'Enable Two Factor Authentication' }));
    // turning two-factor on or off needs the current password
    await user.type(screen.getByLabelText('Current password'), 'my-current-password');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
    expect(sentTo(fetchMock, 'POST app/profile')).toEqual([
      {
        name: 'Sam River',
        email: 'sam@tend.demo',
        bio: 'Here to slow down.',
        profilePicture: null,
        twoFactorEnabled: true,
        password: '',
        confirmPassword: '',
        currentPassword: 'my-current-password',
      },
    ]);
  });

  it('needs the current password to change the password, and shows the server message', async () => {
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'POST app/profile': {
        status: 400,
        body: { error: 'current_password_wrong', message: PROFILE_MESSAGES.currentPasswordWrong },
      },
    });
    const { user } = renderSettings();
    await user.type(await screen.findByLabelText('New password'), 'a-new-garden-path');
    await user.type(screen.getByLabelText('Confirm password'), 'a-new-garden-path');
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/profile')).toEqual([]);

    await user.type(screen.getByLabelText('Current password'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_MESSAGES.currentPasswordWrong)).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/profile')[0]).toMatchObject({
      password: 'a-new-garden-path',
      currentPassword: 'not-my-password',
    });
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('stays after an email change and says where the code went', async () => {
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'POST app/profile': { status: 200, body: buildProfile({ pendingEmail: 'sam@new.demo' }) },
    });
    const { user } = renderSettings();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'sam@new.demo');
    await user.type(screen.getByLabelText('Current password'), 'tend-demo-garden');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('sam@new.demo', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText(/Enter it to switch\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend Email Confirmation' })).toBeTruthy();
    expect(valueOf('Email')).toBe('sam@new.demo');
    expect(screen.queryByTestId('location')).toBeNull();
    expect(sentTo(fetchMock, 'POST app/profile')[0]).toMatchObject({
      email: 'sam@new.demo',
      currentPassword: 'tend-demo-garden',
    });
  });

  it('offers to try again when the account cannot be loaded', async () => {
    routeFetch({ 'GET app/profile': { status: 500 } });
    renderSettings();
    expect(await screen.findByText(LOAD_FAILED_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
