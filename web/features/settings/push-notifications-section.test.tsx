// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDeviceAnswer, PushSettingsAnswer } from '@common/push/schemas';
import { renderPage } from '@web/testing/render-page';
import { routeFetch, sentTo } from '@web/testing/route-fetch';
import { workerRegistration } from './push-browser';
import { PushNotificationsSection, TURN_ON_TEXT } from './push-notifications-section';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
// a VAPID public key: 65 bytes, base64url
const PUBLIC_KEY = `B${'A'.repeat(86)}`;

const phone: PushDeviceAnswer = {
  _id: 'd-phone',
  label: 'Chrome on Android',
  createdAt: '2026-11-02T10:00:00.000Z',
  lastUsedAt: '2026-12-01T07:00:00.000Z',
  thisDevice: false,
};
const here: PushDeviceAnswer = {
  _id: 'd-here',
  label: 'Chrome on Linux',
  createdAt: '2026-12-07T10:00:00.000Z',
  lastUsedAt: null,
  thisDevice: true,
};
const preferences = {
  dailyReminder: true,
  reminderTime: '08:00',
  messages: true,
  sessions: true,
  replies: true,
  announcements: true,
  timeZone: 'America/New_York',
};
const settings = (devices: PushDeviceAnswer[], changes = {}): PushSettingsAnswer => ({
  devices,
  preferences: { ...preferences, ...changes },
});

/** A browser with a service worker, the Push API and the Notification permission `permission`. */
function pushCapableBrowser(permission: NotificationPermission = 'default') {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => null),
    subscribe: vi.fn(async () => subscription),
  };
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return { pushManager, requestPermission };
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderSection = () => renderPage(<PushNotificationsSection />, { path: '/settings' });

describe('Settings → Notifications on this device', () => {
  it('turns push on only when asked: the permission, the subscription with the server key, then the device', async () => {
    const browser = pushCapableBrowser();
    let answer = settings([phone]);
    const fetchMock = routeFetch({
      'GET app/push': () => ({ status: 200, body: answer }),
      'GET push/key': { status: 200, body: { publicKey: PUBLIC_KEY } },
      'POST app/push/subscribe': () => {
        answer = settings([here, phone]);
        return { status: 200, body: answer };
      },
    });
    const { user } = renderSection();
    const button = await screen.findByRole('button', { name: TURN_ON_TEXT });
    // nothing asked on load
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(button);
    expect(await screen.findByText('Notifications are on for this device.')).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(Uint8Array),
    });
    const [options] = browser.pushManager.subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }];
    expect(options.applicationServerKey).toHaveLength(65);
    expect(sentTo(fetchMock, 'POST app/push/subscribe')).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        expirationTime: null,
        keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) },
      },
    ]);
    const devices = screen.getByRole('list', { name: 'Devices that get notifications' });
    expect(within(devices).getAllByRole('listitem')).toHaveLength(2);
    expect(within(devices).getByText('This device')).toBeTruthy();
  });

  it('says how to allow notifications again when the browser blocks them, and asks nothing', async () => {
    const browser = pushCapableBrowser('denied');
    routeFetch({ 'GET app/push': { status: 200, body: settings([]) } });
    renderSection();
    expect(await screen.findByText(/Notifications are blocked for Tend in this browser/)).toBeTruthy();
    expect(screen.getByText(/set Notifications to Allow, and reload this page/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: TURN_ON_TEXT })).toBeNull();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('stays off when the member does not allow notifications at the prompt', async () => {
    const browser = pushCapableBrowser();
    browser.requestPermission.mockResolvedValue('denied');
    const fetchMock = routeFetch({ 'GET app/push': { status: 200, body: settings([]) } });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: TURN_ON_TEXT }));
    expect(await screen.findByText(/Notifications are blocked/)).toBeTruthy();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(sentTo(fetchMock, 'POST app/push/subscribe')).toEqual([]);
  });

  it('on an iPhone where Tend is not on the Home Screen, says to add it there first', async () => {
    pushCapableBrowser();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    routeFetch({ 'GET app/push': { status: 200, body: settings([phone]) } });
    renderSection();
    expect(await screen.findByText('Add Tend to your Home Screen first')).toBeTruthy();
    expect(screen.queryByRole('button', { name: TURN_ON_TEXT })).toBeNull();
    // the other devices can still be managed from here
    expect(screen.getByRole('button', { name: /^Remove Chrome on Android/ })).toBeTruthy();
  });

  it('in a browser without service workers or the Push API, says it cannot', async () => {
    routeFetch({ 'GET app/push': { status: 200, body: settings([]) } });
    renderSection();
    expect(await screen.findByText(/This browser cannot show notifications from Tend/)).toBeTruthy();
    expect(screen.getByText('No device gets your notifications yet.')).toBeTruthy();
  });

  it('says when the settings cannot be loaded, with a retry', async () => {
    routeFetch({ 'GET app/push': { status: 500, body: { error: 'internal_error' } } });
    renderSection();
    expect(await screen.findByText('We could not load your notification settings.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Settings → Notifications: kinds and devices', () => {
  it('saves a kind turned off and a new reminder time', async () => {
    pushCapableBrowser('granted');
    let answer = settings([here]);
    const fetchMock = routeFetch({
      'GET app/push': () => ({ status: 200, body: answer }),
      'POST app/push/preferences': (change) => {
        answer = settings([here], { ...answer.preferences, ...(change as object) });
        return { status: 200, body: answer };
      },
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('checkbox', { name: 'Replies to your posts and comments' }));
    await waitFor(() => expect(sentTo(fetchMock, 'POST app/push/preferences')).toEqual([{ replies: false }]));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Replies to your posts and comments' })).toHaveProperty(
      'checked',
      false,
    );

    const time = screen.getByLabelText('Reminder time');
    expect(screen.getByText(/in your time zone \(America\/New York\)/)).toBeTruthy();
    await user.clear(time);
    await user.type(time, '9:30');
    await user.click(screen.getByRole('button', { name: 'Save time' }));
    // not HH:MM: said, and nothing sent
    expect(await screen.findByText(/Enter the time as HH:MM, 24-hour/)).toBeTruthy();
    expect(time.getAttribute('aria-invalid')).toBe('true');
    await user.clear(time);
    await user.type(time, '21:30');
    await user.click(screen.getByRole('button', { name: 'Save time' }));
    await waitFor(() =>
      expect(sentTo(fetchMock, 'POST app/push/preferences')).toEqual([{ replies: false }, { reminderTime: '21:30' }]),
    );
  });

  it('shows the defaults before the first device, and no kinds to change yet', async () => {
    pushCapableBrowser();
    routeFetch({ 'GET app/push': { status: 200, body: settings([]) } });
    renderSection();
    expect(
      await screen.findByText(/your daily practice reminder at 08:00 in your time zone, new direct messages/),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('removes another device from the list', async () => {
    pushCapableBrowser('granted');
    let answer = settings([here, phone]);
    const fetchMock = routeFetch({
      'GET app/push': () => ({ status: 200, body: answer }),
      'DELETE app/push/devices/d-phone': () => {
        answer = settings([here]);
        return { status: 200, body: answer };
      },
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: /^Remove Chrome on Android, added/ }));
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).toBeNull());
    expect(sentTo(fetchMock, 'DELETE app/push/devices/d-phone')).toHaveLength(1);
  });
});

describe('the service worker, waited for', () => {
  it('answers null when no worker is ready in time, so the page can say notifications are not available', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: new Promise(() => {}) } });
    expect(await workerRegistration(10)).toBeNull();
  });
});
