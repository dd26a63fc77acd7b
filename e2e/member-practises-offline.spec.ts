import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { EngagementAnswer } from '../common/practice/schemas';
import { createUser, expectAccessible, seedPractice, signIn, watchCsp } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

/** Where the journey's screenshots go (the offline state, Save for offline with the space used). */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

/** HTMLMediaElement.HAVE_METADATA: the duration is known. */
const HAVE_METADATA = 1;

// a phone: the journey's screens are the ones a member uses on a train
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** Resolves once the service worker controls the page (it claims open pages when it activates). */
async function workerInControl(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker?.controller?.state ?? 'none'), { timeout: 30_000 })
    .toBe('activated');
}

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });

test('a member saves an audio practice, goes offline, plays it from the device and marks it done; back online it syncs once', async ({
  page,
  context,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const csp = await watchCsp(page);
  const member = await createUser({ name: 'Olive Offline' });
  const { todayTitle } = await seedPractice(member.id);

  await signIn(page, member.email);
  await expect(page.getByText('Welcome back, Olive Offline')).toBeVisible();
  await workerInControl(page);
  // the first page's calls went out before the worker took the page: load it once through it,
  // so today's practice is kept for offline
  await page.reload();
  const today = page.getByRole('table', { name: 'Here are your practices for today' });
  await expect(today.getByRole('button', { name: todayTitle })).toBeVisible();
  const auth = await tokenOf(page);

  // Save the audio for offline, beside its player: the space it takes is shown.
  await today.getByRole('button', { name: todayTitle }).click();
  const modal = page.getByRole('dialog', { name: todayTitle });
  await expect(modal.locator('audio')).toHaveAttribute('src', /^\/api\/files\/[^?]+\.wav\?exp=\d+&sig=/);
  await modal.getByRole('button', { name: 'Save for offline' }).click();
  await expect(modal.getByText('Saved for offline')).toBeVisible();
  await expect(modal.getByText(/\d+(\.\d)? KB on this device/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'save-for-offline-390');
  await modal.getByRole('link', { name: 'Saved items' }).click();

  // The saved items screen: the item, its size, the total and what the browser reports.
  await expect(page.getByRole('heading', { name: 'Saved for offline', level: 1 })).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved practices' });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(saved.getByText(todayTitle)).toBeVisible();
  await expect(page.getByText(/1 practice · \d+(\.\d)? KB on this device/)).toBeVisible();
  await expect(page.getByText(/This site uses .+ of the .+ your browser allows it\./)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'saved-for-offline-390', true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'saved-for-offline-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(today.getByRole('button', { name: todayTitle })).toBeVisible();

  // Offline: the app opens, with today's practice and the streak as last kept, and says from when.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Welcome back, Olive Offline')).toBeVisible();
  await expect(page.getByText(/^Offline — showing what was saved at \d{2}:\d{2}\.$/)).toBeVisible();
  await expect(page.getByText(/This is your 1st day/)).toBeVisible();
  await expect(today.getByRole('button', { name: todayTitle })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'offline-daily-practice-390', true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'offline-daily-practice-desktop');
  await page.setViewportSize({ width: 390, height: 844 });

  // The saved audio plays from the device: its position moves, and a range of it answers 206.
  await today.getByRole('button', { name: todayTitle }).click();
  const audio = modal.locator('audio');
  await expect(audio).toHaveAttribute('src', /^\/api\/files\/[^?]+\.wav\?saved=1$/);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(HAVE_METADATA);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(3, 1);
  await audio.evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());
  const range = await audio.evaluate(async (a: HTMLAudioElement) => {
    const res = await fetch(a.src, { headers: { Range: 'bytes=100-199' } });
    return {
      status: res.status,
      length: (await res.arrayBuffer()).byteLength,
      range: res.headers.get('content-range'),
    };
  });
  expect(range).toEqual({ status: 206, length: 100, range: expect.stringMatching(/^bytes 100-199\/\d+$/) });
  // seeking works in the saved copy too
  await audio.evaluate((a: HTMLAudioElement) => {
    a.currentTime = 2;
  });
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => Math.round(a.currentTime))).toBe(2);

  // Marked done offline: shown done at once, marked "will sync".
  const done = modal.getByRole('checkbox', { name: `Mark ${todayTitle} done` });
  await done.click();
  await expect(done).toBeChecked();
  await expect(done).toHaveAccessibleDescription('will sync');
  await modal.getByRole('button', { name: 'Close' }).click();
  const doneInList = today.getByRole('checkbox', { name: `Mark ${todayTitle} done` });
  await expect(doneInList).toBeChecked();
  await expect(page.getByRole('progressbar', { name: 'Tasks Completed' })).toHaveAttribute('aria-valuetext', '1 / 1');
  await expectAccessible(page);
  await shot(page, 'offline-done-will-sync-390');

  // A page that needs the network says so plainly.
  await page.goto('/subscriptions');
  await expect(page.getByText('You are offline — this page needs a connection')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'offline-page-needs-connection-390');
  await page.goto('/');
  await expect(doneInList).toBeChecked(); // the queued choice survives a reload

  // Back online: the queue is sent, once; the server has the item done, in one record.
  await context.setOffline(false);
  await expect(today.getByText('will sync')).toHaveCount(0);
  // a second start replays what is left (nothing): the completion stays one
  await page.reload();
  await expect(today.getByRole('button', { name: todayTitle })).toBeVisible();
  await expect(page.getByText(/^Offline — /)).toHaveCount(0);
  const answer = await ok<{ allEngagedContent: EngagementAnswer[]; allContent: { _id: string; title: string }[] }>(
    await request.get('/api/app/content', { headers: auth }),
  );
  const item = answer.allContent.find((c) => c.title === todayTitle)!;
  expect(answer.allEngagedContent.filter((e) => e.content === item._id)).toEqual([
    expect.objectContaining({ content: item._id, isComplete: true }),
  ]);
  await expect(doneInList).toBeChecked();

  // The subscription ends: at the next start the saved copy is removed, with a notice.
  const [subscription] = await ok<{ _id: string }[]>(await request.get('/api/app/subscriptions', { headers: auth }));
  await ok(
    await request.post('/api/app/subscription-action/cancel', { headers: auth, data: { sub: subscription!._id } }),
  );
  await page.goto('/saved-offline');
  await expect(page.getByText(`because your plan or course no longer includes it: “${todayTitle}”`)).toBeVisible();
  await expect(page.getByText('Nothing saved yet')).toBeVisible();
  expect(await page.evaluate(async () => (await (await caches.open('tend-offline-media')).keys()).length)).toBe(0);

  // Signing out leaves nothing of the member's on the device.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const data = names.includes('tend-offline-data') ? await (await caches.open('tend-offline-data')).keys() : [];
    return { media: names.includes('tend-offline-media'), data: data.map((r) => new URL(r.url).search) };
  });
  // the login page's own calls (the site's brand) may be kept again, as a visitor's
  expect(kept).toEqual({ media: false, data: kept.data.map(() => expect.stringMatching(/offline-member=visitor$/)) });
  csp.expectNone();
});
