// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { buildProfile, renderSettings, routeFetch, sentTo } from './testing/settings-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  uri: 'otpauth://totp/Tend:sam?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
  qr: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD${i}-1234${i}`);

async function openCard() {
  return within(await screen.findByRole('region', { name: 'Authenticator app' }));
}

describe('Settings: authenticator app', () => {
  it('sets up the app: password, QR code and key, first code, recovery codes once, profile read again', async () => {
    let profile = buildProfile();
    const fetchMock = routeFetch({
      'GET app/profile': () => ({ status: 200, body: profile }),
      'GET app/sessions': { status: 200, body: [] },
      'POST app/two-factor/app/start': { status: 200, body: SETUP },
      'POST app/two-factor/app/confirm': () => {
        profile = buildProfile({ authenticatorApp: true });
        return { status: 200, body: { recoveryCodes: CODES } };
      },
    });
    const { user } = renderSettings();
    const card = await openCard();
    await user.click(card.getByRole('button', { name: 'Set up an authenticator app' }));
    await user.type(card.getByLabelText(/Current password/), 'old-secret-1');
    await user.click(card.getByRole('button', { name: 'Continue' }));

    const qr = await card.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toBe(SETUP.qr);
    expect(card.getByTestId('authenticator-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(document.activeElement).toBe(card.getByRole('heading', { name: 'Scan the QR code' }));
    const code = card.getByRole('textbox', { name: /Code from your app/ });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await user.type(code, '123456');
    await user.click(card.getByRole('button', { name: 'Turn on' }));

    const list = await card.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(card.getByText(/Each code works once/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/two-factor/app/start')).toEqual([{ currentPassword: 'old-secret-1' }]);
    expect(sentTo(fetchMock, 'POST app/two-factor/app/confirm')).toEqual([{ code: '123456' }]);

    await user.click(card.getByRole('button', { name: 'Done' }));
    expect(await card.findByRole('button', { name: 'Turn off the authenticator app' })).toBeTruthy();
    expect(card.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('copies and downloads the recovery codes', async () => {
    routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/sessions': { status: 200, body: [] },
      'POST app/two-factor/app/start': { status: 200, body: SETUP },
      'POST app/two-factor/app/confirm': { status: 200, body: { recoveryCodes: CODES } },
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderSettings();
    // after user-event's setup, which puts its own clipboard in place
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const card = await openCard();
    await user.click(card.getByRole('button', { name: 'Set up an authenticator app' }));
    await user.type(card.getByLabelText(/Current password/), 'old-secret-1');
    await user.click(card.getByRole('button', { name: 'Continue' }));
    await user.type(await card.findByRole('textbox', { name: /Code from your app/ }), '123456');
    await user.click(card.getByRole('button', { name: 'Turn on' }));

    await user.click(await card.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    await user.click(card.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/plain');
    expect(await blob.text()).toContain(CODES.join('\n'));
  });

  it("shows the server's message for a wrong password and sends no code", async () => {
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/sessions': { status: 200, body: [] },
      'POST app/two-factor/app/start': {
        status: 400,
        body: { error: 'current_password_wrong', message: 'That is not your current password.' },
      },
    });
    const { user } = renderSettings();
    const card = await openCard();
    await user.click(card.getByRole('button', { name: 'Set up an authenticator app' }));
    await user.type(card.getByLabelText(/Current password/), 'nope-nope');
    await user.click(card.getByRole('button', { name: 'Continue' }));
    expect((await card.findByRole('alert')).textContent).toContain('That is not your current password.');
    expect(sentTo(fetchMock, 'POST app/two-factor/app/confirm')).toHaveLength(0);
  });

  it('checks the first code has 6 digits before sending it, and Cancel goes back', async () => {
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/sessions': { status: 200, body: [] },
      'POST app/two-factor/app/start': { status: 200, body: SETUP },
    });
    const { user } = renderSettings();
    const card = await openCard();
    await user.click(card.getByRole('button', { name: 'Set up an authenticator app' }));
    await user.type(card.getByLabelText(/Current password/), 'old-secret-1');
    await user.click(card.getByRole('button', { name: 'Continue' }));
    await user.type(await card.findByRole('textbox', { name: /Code from your app/ }), '12a');
    await user.click(card.getByRole('button', { name: 'Turn on' }));
    expect(await card.findByText('Enter the 6-digit code from your app')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/two-factor/app/confirm')).toHaveLength(0);
    await user.click(card.getByRole('button', { name: 'Cancel' }));
    expect(card.getByRole('button', { name: 'Set up an authenticator app' })).toBeTruthy();
  });

  it('turns the app off behind the password', async () => {
    let profile = buildProfile({ authenticatorApp: true });
    const fetchMock = routeFetch({
      'GET app/profile': () => ({ status: 200, body: profile }),
      'GET app/sessions': { status: 200, body: [] },
      'POST app/two-factor/app/remove': () => {
        profile = buildProfile({ authenticatorApp: false });
        return { status: 200, body: { status: 'removed' } };
      },
    });
    const { user } = renderSettings();
    const card = await openCard();
    expect(card.getByText(/Your authenticator app is on/)).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Turn off the authenticator app' }));
    await user.type(card.getByLabelText(/Current password/), 'old-secret-1');
    await user.click(card.getByRole('button', { name: 'Turn off the authenticator app' }));
    expect(await card.findByRole('button', { name: 'Set up an authenticator app' })).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/two-factor/app/remove')).toEqual([{ currentPassword: 'old-secret-1' }]);
  });
});
