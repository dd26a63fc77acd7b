// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@common/admin/schemas';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { buildUser, renderManagePage, routeFetch, sentTo, USER_ID } from '../testing/admin-form-fixtures';
import { NEW_ACCOUNT_NOTE, TWO_FACTOR_NEEDS_EMAIL } from '../account-fields';
import { ManageUserPage } from './manage-user-page';

resetPageBetweenTests({ token: 'token' });

const PATH = '/admin/manage-user/:id';

describe('Manage User', () => {
  it('shows the fields in their set order, with the required ones marked', async () => {
    routeFetch({ [`GET admin/user/${USER_ID}`]: { status: 200, body: buildUser() } });
    renderManagePage(<ManageUserPage />, PATH, USER_ID);
    expect(screen.getByRole('heading', { level: 1, name: 'Manage User' })).toBeTruthy();

    const form = await screen.findByRole('form', { name: 'Manage User' });
    const labels = [...form.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels.filter((label) => label !== 'Choose image')).toEqual([
      'Name',
      'Username',
      'Email',
      'Is Admin',
      'Is Facilitator',
      'Bio',
      'Profile Picture',
      'Email Confirmed',
      'Two Factor Enabled',
    ]);
    for (const name of ['Name', 'Username', 'Email']) {
      expect(screen.getByRole('textbox', { name }).getAttribute('aria-required')).toBe('true');
    }
    expect(screen.queryByText(NEW_ACCOUNT_NOTE)).toBeNull();
  });

  it('for new, loads nothing, POSTs the user to admin/user and says a password link is mailed', async () => {
    const fetchMock = routeFetch({ 'POST admin/user': (body) => ({ status: 200, body: buildUser(body as object) }) });
    const { user } = renderManagePage(<ManageUserPage />, PATH, 'new');

    expect(screen.getByRole('heading', { level: 1, name: 'Add User' })).toBeTruthy();
    expect(screen.getByText(NEW_ACCOUNT_NOTE)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Jo Park');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'jo');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Jo@Example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Is Facilitator' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'park');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
    expect(sentTo(fetchMock, 'POST admin/user')).toEqual([
      {
        name: 'Jo Park',
        username: 'jopark',
        email: 'jo@example.com',
        isAdmin: false,
        isFacilitator: true,
        bio: '',
        profilePicture: null,
        emailConfirmed: false,
        twoFactorEnabled: false,
      },
    ]);
    expect(fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toEqual([]);
  });

  it('round-trips the toggles: loads them, flips them and POSTs them to admin/user/{id}', async () => {
    const loaded = buildUser({ emailConfirmed: false, twoFactorEnabled: false, isAdmin: true });
    const fetchMock = routeFetch({
      [`GET admin/user/${USER_ID}`]: { status: 200, body: loaded },
      [`POST admin/user/${USER_ID}`]: (body) => ({ status: 200, body: { ...loaded, ...(body as object) } }),
    });
    const { user } = renderManagePage(<ManageUserPage />, PATH, USER_ID);

    const emailConfirmed = await screen.findByRole('switch', { name: 'Email Confirmed' });
    const twoFactor = screen.getByRole('switch', { name: 'Two Factor Enabled' });
    expect(emailConfirmed.getAttribute('aria-checked')).toBe('false');
    expect(twoFactor.getAttribute('aria-checked')).toBe('false');
    expect((screen.getByRole('checkbox', { name: 'Is Admin' }) as HTMLInputElement).checked).toBe(true);
    // two-factor codes go by email: not on an unconfirmed address
    await user.click(twoFactor);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(TWO_FACTOR_NEEDS_EMAIL)).toBeTruthy();
    expect(sentTo(fetchMock, `POST admin/user/${USER_ID}`)).toEqual([]);
    await user.click(emailConfirmed);
    expect(screen.queryByText(TWO_FACTOR_NEEDS_EMAIL)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
    const { _id, ...values } = loaded;
    expect(sentTo(fetchMock, `POST admin/user/${USER_ID}`)).toEqual([
      { ...values, emailConfirmed: true, twoFactorEnabled: true },
    ]);
  });

  it('sends toggles switched off as false', async () => {
    const loaded = buildUser({ emailConfirmed: true, twoFactorEnabled: true });
    const fetchMock = routeFetch({
      [`GET admin/user/${USER_ID}`]: { status: 200, body: loaded },
      [`POST admin/user/${USER_ID}`]: { status: 200, body: loaded },
    });
    const { user } = renderManagePage(<ManageUserPage />, PATH, USER_ID);
    await user.click(await screen.findByRole('switch', { name: 'Two Factor Enabled' }));
    await user.click(screen.getByRole('switch', { name: 'Email Confirmed' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByTestId('location');
    expect(sentTo(fetchMock, `POST admin/user/${USER_ID}`)[0]).toMatchObject({
      emailConfirmed: false,
      twoFactorEnabled: false,
    });
  });

  it('shows a refusal in the server’s words and offers Retry', async () => {
    const fetchMock = routeFetch({
      [`GET admin/user/${USER_ID}`]: { status: 200, body: buildUser({ isAdmin: true }) },
      [`POST admin/user/${USER_ID}`]: { status: 403, body: { message: ADMIN_MESSAGES.ownAdminFlag } },
    });
    const { user } = renderManagePage(<ManageUserPage />, PATH, USER_ID);
    await user.click(await screen.findByRole('checkbox', { name: 'Is Admin' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(ADMIN_MESSAGES.ownAdminFlag)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(ADMIN_MESSAGES.ownAdminFlag)).toBeTruthy();
    expect(sentTo(fetchMock, `POST admin/user/${USER_ID}`)).toHaveLength(2);
  });
});
