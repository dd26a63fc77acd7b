import { expect, type Page, test } from '@playwright/test';
import { createUser, expectAccessible, seedListening, signIn, watchCsp } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

/** HTMLMediaElement.HAVE_METADATA: the duration is known and the element can seek. */
const HAVE_METADATA = 1;

declare global {
  interface Window {
    /** The Media Session actions the page gave a handler, and the handlers themselves. */
    mediaSessionHandlers: Record<string, MediaSessionActionHandler>;
  }
}

/**
 * The browser does not say which Media Session actions a page registered, so this init script
 * wraps `navigator.mediaSession.setActionHandler` before the app runs: every handler set is kept on
 * `window.mediaSessionHandlers` (a null removes it), and the real method is still called, so the
 * browser's own session gets them too. The journey reads the list and calls a handler as the lock
 * screen's button would.
 */
async function recordMediaSessionHandlers(page: Page) {
  await page.addInitScript(() => {
    window.mediaSessionHandlers = {};
    const session = navigator.mediaSession;
    const setActionHandler = session.setActionHandler.bind(session);
    session.setActionHandler = (action, handler) => {
      if (handler) window.mediaSessionHandlers[action] = handler;
      else delete window.mediaSessionHandlers[action];
      setActionHandler(action, handler);
    };
  });
}

/** What the lock screen shows now, read in the page from navigator.mediaSession. */
const lockScreen = (page: Page) =>
  page.evaluate(() => {
    const { metadata, playbackState } = navigator.mediaSession;
    return {
      title: metadata?.title,
      artist: metadata?.artist,
      album: metadata?.album,
      artwork: metadata?.artwork.map((image) => ({ src: image.src, sizes: image.sizes })) ?? [],
      playbackState,
      actions: Object.keys(window.mediaSessionHandlers).sort(),
    };
  });

/** Opens one of today's practices and waits for its recording to be ready. */
async function openRecording(page: Page, title: string) {
  await page
    .getByRole('table', { name: 'Here are your practices for today' })
    .getByRole('button', { name: title })
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  const audio = dialog.locator('audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(HAVE_METADATA);
  return { dialog, audio };
}

const currentTime = (audio: ReturnType<Page['locator']>) => audio.evaluate((a: HTMLAudioElement) => a.currentTime);

test('a member listens with the screen locked and picks up where they stopped, on another device too', async ({
  page,
  browser,
}) => {
  const csp = await watchCsp(page);
  await recordMediaSessionHandlers(page);
  const member = await createUser({ name: 'Lena Listens' });
  const { facilitatorName, cover, titles } = await seedListening(member.id);
  const [first, second] = titles as [string, string];

  await signIn(page, member.email);
  const { dialog, audio } = await openRecording(page, first);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(60, 0);
  // nothing kept yet: it starts at the beginning and says nothing about resuming
  await expect(dialog.getByText(/Resumed at/)).toHaveCount(0);

  // Playing: the lock screen shows the item, its facilitator and its cover, with every control.
  await audio.evaluate((a: HTMLAudioElement) => a.play());
  // past a second, so the place has moved since it opened
  await expect.poll(() => currentTime(audio)).toBeGreaterThan(1);
  const shown = await lockScreen(page);
  expect(shown).toMatchObject({ title: first, artist: facilitatorName, album: 'Tend', playbackState: 'playing' });
  expect(shown.artwork.map((image) => image.sizes)).toEqual(['100x100', '600x600', '']);
  for (const image of shown.artwork) expect(image.src).toContain(cover);
  const artwork = await page.request.get(shown.artwork[0]!.src);
  expect(artwork.status()).toBe(200);
  // the first recording of today's list: 'next' is offered, 'previous' is not
  expect(shown.actions).toEqual(['nexttrack', 'pause', 'play', 'seekbackward', 'seekforward', 'seekto', 'stop']);

  // The screen locks: the page is hidden, and playback goes on.
  const savedOnHide = page.waitForRequest(
    (req) => req.method() === 'PUT' && req.url().includes('/api/app/playback-position/'),
  );
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await savedOnHide;
  const hiddenAt = await currentTime(audio);
  await expect.poll(() => currentTime(audio)).toBeGreaterThan(hiddenAt + 0.5);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  expect((await lockScreen(page)).playbackState).toBe('playing');
  await expect(dialog.getByRole('heading', { name: first })).toBeVisible();
  await page.evaluate(() => {
    Reflect.deleteProperty(document, 'visibilityState');
    Reflect.deleteProperty(document, 'hidden');
    document.dispatchEvent(new Event('visibilitychange'));
  });

  // Forward 30 s from the lock screen, then from the button beside the player (keyboard).
  const before = await currentTime(audio);
  await page.evaluate(() => window.mediaSessionHandlers.seekforward!({ action: 'seekforward' }));
  expect(await currentTime(audio)).toBeGreaterThanOrEqual(before + 30);
  await page.evaluate(() => window.mediaSessionHandlers.seekbackward!({ action: 'seekbackward' }));
  const forward = dialog.getByRole('button', { name: 'Forward 30 seconds' });
  await forward.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => currentTime(audio)).toBeGreaterThanOrEqual(before + 30);
  await expectAccessible(page);

  // Pause from the lock screen: the place is kept on the server.
  const savedOnPause = page.waitForResponse(
    (res) => res.request().method() === 'PUT' && res.url().includes('/api/app/playback-position/'),
  );
  await page.evaluate(() => window.mediaSessionHandlers.pause!({ action: 'pause' }));
  const stoppedAt = await currentTime(audio);
  expect((await savedOnPause).status()).toBe(200);
  expect((await lockScreen(page)).playbackState).toBe('paused');
  const kept = await ok<{ position: number; resumeAt: number }>(
    await page.request.get(`/api/app/playback-position/${(await savedOnPause).url().split('/').pop()}`, {
      headers: await tokenOf(page),
    }),
  );
  expect(kept.resumeAt).toBeCloseTo(stoppedAt, 1);
  const clock = `${Math.floor(stoppedAt / 60)}:${String(Math.floor(stoppedAt % 60)).padStart(2, '0')}`;

  // Reload: the same item opens where it stopped, and says so.
  await page.reload();
  const reopened = await openRecording(page, first);
  await expect.poll(() => currentTime(reopened.audio)).toBeCloseTo(stoppedAt, 1);
  await expect(reopened.dialog.getByRole('status')).toHaveText(`Resumed at ${clock}`);
  await expect(reopened.dialog.getByRole('button', { name: 'Start over' })).toBeVisible();
  await expectAccessible(page);

  // 'Next' on the lock screen opens the second recording and plays it.
  await reopened.audio.evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(async () => (await lockScreen(page)).playbackState).toBe('playing');
  await page.evaluate(() => window.mediaSessionHandlers.nexttrack!({ action: 'nexttrack' }));
  const next = page.getByRole('dialog', { name: second });
  await expect(next.getByRole('heading', { name: second })).toBeVisible();
  await expect.poll(() => currentTime(next.locator('audio'))).toBeGreaterThan(0);
  await expect.poll(async () => (await lockScreen(page)).title).toBe(second);
  expect((await lockScreen(page)).actions).toEqual([
    'pause',
    'play',
    'previoustrack',
    'seekbackward',
    'seekforward',
    'seekto',
    'stop',
  ]);
  await page.evaluate(() => window.mediaSessionHandlers.pause!({ action: 'pause' }));

  // Another device: a second browser signed in as the same member resumes the first at the same place.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await phone.newPage();
  await signIn(other, member.email);
  const elsewhere = await openRecording(other, first);
  await expect.poll(() => currentTime(elsewhere.audio)).toBeCloseTo(stoppedAt, 1);
  await expect(elsewhere.dialog.getByRole('status')).toHaveText(`Resumed at ${clock}`);
  await expectAccessible(other);

  // Start over there: back to the beginning.
  await elsewhere.dialog.getByRole('button', { name: 'Start over' }).click();
  expect(await currentTime(elsewhere.audio)).toBe(0);
  await expect(elsewhere.dialog.getByText(/Resumed at/)).toHaveCount(0);
  await phone.close();

  csp.expectNone();
});
