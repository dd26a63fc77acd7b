import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createUser, expectAccessible, PASSWORD, signIn } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

/** where the screenshots go (Playwright empties test-results/ at the start of every run) */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A subscription's keys as a browser makes them: a P-256 public key and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/**
 * The Notifications section at `width`, whole: a viewport tall enough to hold it, scrolled to it
 * below the sticky header (its scroll margin), so nothing is drawn over it.
 */
async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 1500 });
  const section = page.locator('#notifications');
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const box = (await section.boundingBox())!;
  await page.screenshot({ path: `${SHOTS}/${name}`, clip: box });
  await page.setViewportSize({ width, height: 844 });
}

/**
 * A member turns on push notifications from Settings, chooses what they get, sees this device
 * and their phone listed, and removes the phone.
 */
test('a member turns on notifications on this device, chooses the kinds and manages their devices', async ({
  page,
  context,
  request,
}) => {
  const member = await createUser({ name: 'Nora Push' });
  await context.grantPermissions(['notifications']);
  // Headless Chromium has no push service to reach, so pushManager.subscribe cannot succeed there:
  // the page gets a stand-in registration whose pushManager answers a subscription with a real
  // P-256 key and auth secret (as Chrome's would, on its push service's address). Everything
  // else is real: the permission, the server's VAPID key, the API and the stored device.
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`;
  await page.addInitScript(
    ({ endpoint, keys }) => {
      let current: unknown = null;
      const subscription = {
        endpoint,
        options: { applicationServerKey: null },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      const pushManager = {
        getSubscription: async () => current,
        subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
          (window as unknown as { subscribedWith: unknown }).subscribedWith = {
            userVisibleOnly: options.userVisibleOnly,
            keyBytes: options.applicationServerKey.byteLength,
          };
          current = subscription;
          return subscription;
        },
      };
      Object.defineProperty(navigator.serviceWorker, 'ready', {
        configurable: true,
        get: () => Promise.resolve({ pushManager }),
      });
    },
    { endpoint, keys: browserKeys() },
  );

  await signIn(page, member.email);
  await page.goto('/settings#notifications');
  const section = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(section.getByText('No device gets your notifications yet.')).toBeVisible();
  await shoot(page, 'settings-notifications-off-390.png', 390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
  await expect(section.getByText('Notifications are on for this device.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { subscribedWith: unknown }).subscribedWith)).toEqual({
    userVisibleOnly: true,
    keyBytes: 65,
  });

  // the member's phone, signed in and subscribed through the API
  const phone = await ok<{ token: string }>(
    await request.post('/api/auth/login', {
      headers: { 'User-Agent': IPHONE_SAFARI },
      data: { user: { email: member.email, password: PASSWORD } },
    }),
  );
  await ok(
    await request.post('/api/app/push/subscribe', {
      headers: { Authorization: `Bearer ${phone.token}`, 'User-Agent': IPHONE_SAFARI },
      data: {
        endpoint: `https://web.push.apple.com/e2e-${randomBytes(8).toString('hex')}`,
        expirationTime: null,
        keys: browserKeys(),
      },
    }),
  );

  await page.reload();
  const devices = section.getByRole('list', { name: 'Devices that get notifications' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').first()).toContainText('This device');
  await expect(devices.getByText('Safari on iOS')).toBeVisible();

  // the kinds: replies off, the reminder at 06:45
  await section.getByRole('checkbox', { name: 'Replies to your posts and comments' }).uncheck();
  await expect(section.getByText('Saved')).toBeVisible();
  await section.getByLabel('Reminder time').fill('06:45');
  await section.getByRole('button', { name: 'Save time' }).click();
  await expect(section.getByRole('button', { name: 'Save time' })).toBeDisabled();
  const saved = await ok<{ preferences: { replies: boolean; reminderTime: string } }>(
    await request.get('/api/app/push', { headers: await tokenOf(page) }),
  );
  expect(saved.preferences).toMatchObject({ replies: false, reminderTime: '06:45' });

  await expectAccessible(page);
  await shoot(page, 'settings-notifications-1280.png', 1280);
  await shoot(page, 'settings-notifications-390.png', 390);
  await expectAccessible(page);

  // the phone is removed from here
  await devices.getByRole('button', { name: /^Remove Safari on iOS/ }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  const after = await ok<{ devices: unknown[] }>(await request.get('/api/app/push', { headers: await tokenOf(page) }));
  expect(after.devices).toHaveLength(1);
});

test('on an iPhone, Settings says to add the site to the Home Screen first', async ({ browser }) => {
  const member = await createUser({ name: 'Ivy Phone' });
  const context = await browser.newContext({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, member.email);
  await page.goto('/settings#notifications');
  const section = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(section.getByText('Add Tend to your Home Screen first')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn on notifications on this device' })).toHaveCount(0);
  await shoot(page, 'settings-notifications-iphone-390.png', 390);
  await context.close();
});
