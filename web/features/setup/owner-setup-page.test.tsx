// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { SETUP_MESSAGES } from '@common/setup/schemas';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';
import { routeFetch, sentTo, type Answer } from '@web/testing/route-fetch';
import { OWNER_SETUP_INTRO, OWNER_SETUP_TITLE, OwnerSetupPage } from './owner-setup-page';

const TOKEN = 'k3y-Fr0m-the-server-log_aaaaaaaaaaaaaaaaaaaa';
const CHECK = `GET setup/owner?token=${TOKEN}`;
const OPEN: Answer = { status: 200, body: { needed: true } };
const USER_ID = '3f8f1f7e-9a55-4a53-9d2f-2a6f0f9c1b11';

resetPageBetweenTests();

const openSetup = (url = `/setup?token=${TOKEN}`) => renderPage(<OwnerSetupPage />, { path: '/setup', url });

async function fillIn(user: ReturnType<typeof openSetup>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ada Owner');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Ada@Example.test');
  await user.type(screen.getByLabelText('Password'), 'quiet-harbour-lantern-7');
  await user.click(screen.getByRole('button', { name: 'Create owner account' }));
}

describe('OwnerSetupPage', () => {
  it('checks the link while showing that it does, then offers the form', async () => {
    let answer!: (a: Answer) => void;
    routeFetch({ [CHECK]: () => new Promise<Answer>((resolve) => (answer = resolve)) });
    openSetup();
    expect(screen.getByRole('status').textContent).toBe('Checking your setup link…');
    answer(OPEN);

    expect(await screen.findByRole('form', { name: OWNER_SETUP_TITLE })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: OWNER_SETUP_TITLE })).toBeTruthy();
    expect(screen.getByText(OWNER_SETUP_INTRO)).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('creates the owner with the token, keeps the session and opens /admin with a toast', async () => {
    const welcome = vi.spyOn(toast, 'success');
    const fetchMock = routeFetch({
      [CHECK]: OPEN,
      'POST setup/owner': { status: 200, body: { token: 'owner-session', userId: USER_ID, redirectUrl: '/admin' } },
    });
    const { user } = openSetup();
    await fillIn(user);

    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
    expect(sentTo(fetchMock, 'POST setup/owner')).toEqual([
      { token: TOKEN, name: 'Ada Owner', email: 'ada@example.test', password: 'quiet-harbour-lantern-7' },
    ]);
    expect(localStorage.getItem('token')).toBe('owner-session');
    expect(welcome).toHaveBeenCalledWith(SETUP_MESSAGES.created);
  });

  it('shows a refusal from the server in the form and keeps no session', async () => {
    routeFetch({
      [CHECK]: OPEN,
      'POST setup/owner': { status: 409, body: { error: 'email_in_use', message: SETUP_MESSAGES.emailInUse } },
    });
    const { user } = openSetup();
    await fillIn(user);

    expect(await screen.findByText(SETUP_MESSAGES.emailInUse)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('checks the fields before sending anything', async () => {
    const fetchMock = routeFetch({ [CHECK]: OPEN });
    const { user } = openSetup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create owner account' }));

    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST setup/owner')).toEqual([]);
  });

  it('is used by keyboard: the home link, the fields, then the button, in order', async () => {
    routeFetch({ [CHECK]: OPEN });
    const { user } = openSetup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Tend home' }));
    await user.tab();
    expect(document.activeElement).toBe(name);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create owner account' }));
  });

  it('a used or wrong link (404) says so and offers Log in', async () => {
    routeFetch({
      [CHECK]: { status: 404, body: { error: 'setup_not_available', message: SETUP_MESSAGES.notAvailable } },
    });
    openSetup();
    expect((await screen.findByRole('alert')).textContent).toBe(SETUP_MESSAGES.notAvailable);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('a link without a token is not valid, without asking the server', async () => {
    const fetchMock = routeFetch({});
    openSetup('/setup');
    expect(screen.getByRole('alert').textContent).toBe(SETUP_MESSAGES.notAvailable);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed check can be tried again', async () => {
    const answers: Answer[] = [{ status: 500, body: { error: 'Internal Server Error' } }, OPEN];
    routeFetch({ [CHECK]: () => answers.shift()! });
    const { user } = openSetup();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('form', { name: OWNER_SETUP_TITLE })).toBeTruthy());
  });
});
