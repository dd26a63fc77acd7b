import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createUser, expectAccessible, signIn, watchCsp } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

const CAPTIONS = `WEBVTT

00:00:00.000 --> 00:00:05.000
Breathe in slowly through the nose.
`;
const TRANSCRIPT = 'Breathe in slowly through the nose. Let the shoulders drop.';

/** A tiny real WebM video (VP8, about a second), recorded in this browser from a canvas: no fixture file. */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 160, height: 90 });
    const paint = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 15; frame++) {
      paint.fillStyle = `hsl(${frame * 20}, 60%, 50%)`;
      paint.fillRect(0, 0, 160, 90);
      await new Promise((resolve) => setTimeout(resolve, 70));
    }
    recorder.stop();
    await stopped;
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tend-e2e-captions-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a video a facilitator captions plays with its captions track; its transcript opens by keyboard', async ({
  page,
  browser,
}) => {
  const csp = await watchCsp(page);
  const facilitator = await createUser({ isFacilitator: true, name: 'Cora Captions' });
  const member = await createUser({ name: 'Milo Member' });

  // The facilitator's free daily plan (made through the API: the tier form has its own journey).
  await signIn(page, facilitator.email);
  const tier = await ok<{ _id: string }>(
    await page.request.post('/api/app/tier', {
      headers: await tokenOf(page),
      data: { name: 'Captioned Flow', type: 'subscription', price: 0, published: true },
    }),
  );
  const video = join(dir, 'flow.webm');
  const captions = join(dir, 'flow.vtt');
  writeFileSync(video, await recordWebm(page));
  writeFileSync(captions, CAPTIONS);

  // The content form takes the video, then offers captions and a transcript for it.
  await page.goto(`/program/content/new?tier=${tier._id}`);
  const form = page.getByRole('form', { name: 'Add content' });
  await form.getByLabel('Title', { exact: true }).fill('Shoulder release');
  await form.getByLabel('Media', { exact: true }).setInputFiles(video);
  await expect(form.locator('video[aria-label="Media preview"]')).toHaveAttribute('src', /^\/api\/files\/.+\.webm\?/);
  await form.getByLabel('Captions', { exact: true }).setInputFiles(captions);
  await expect(form.getByText('Captions added: flow.vtt')).toBeVisible();
  await form.getByRole('textbox', { name: 'Transcript' }).fill(TRANSCRIPT);
  await form.getByRole('radio', { name: 'Meditation' }).check();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create Content' }).click();
  await expect(page).toHaveURL(/\/program\?tier=/);

  // A member subscribes and opens today's practice.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member.email);
  await ok(
    await memberPage.request.get(`/api/app/subscribe/${tier._id}`, {
      headers: await tokenOf(memberPage),
    }),
  );
  await memberPage.goto('/');
  const today = memberPage.getByRole('table', { name: 'Here are your practices for today' });
  await today.getByRole('button', { name: 'Shoulder release' }).click();
  const modal = memberPage.getByRole('dialog', { name: 'Shoulder release' });
  const player = modal.locator('video');
  await expect(player).toHaveAttribute('src', /^\/api\/files\/.+\.webm\?exp=\d+&sig=/);
  await expect(player.locator('track')).toHaveAttribute('src', /^\/api\/files\/.+\.vtt\?exp=\d+&sig=/);

  // The captions track is the video's, shown by default, with its cue loaded.
  await expect
    .poll(() =>
      player.evaluate((v: HTMLVideoElement) => {
        const track = v.textTracks[0];
        return track && { kind: track.kind, mode: track.mode, cues: track.cues?.length ?? 0 };
      }),
    )
    .toEqual({ kind: 'captions', mode: 'showing', cues: 1 });
  expect(await player.evaluate((v: HTMLVideoElement) => (v.textTracks[0]!.cues![0] as VTTCue).text)).toBe(
    'Breathe in slowly through the nose.',
  );
  await player.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  await player.evaluate((v: HTMLVideoElement) => v.pause());

  // The transcript: reached with Tab, opened with Enter, closed with Space.
  const transcript = modal.locator('details');
  await expect(transcript).not.toHaveAttribute('open', '');
  // Tab from the player, through its own controls, reaches the disclosure
  const summary = modal.locator('summary');
  await player.focus();
  for (let presses = 0; presses < 15 && !(await summary.evaluate((el) => el === document.activeElement)); presses++)
    await memberPage.keyboard.press('Tab');
  await expect(summary).toBeFocused();
  await expect(summary).toHaveText(/^Transcript/);
  await memberPage.keyboard.press('Enter');
  await expect(transcript).toHaveAttribute('open', '');
  await expect(transcript.getByText(TRANSCRIPT)).toBeVisible();
  await expectAccessible(memberPage);
  await memberPage.keyboard.press('Space');
  await expect(transcript).not.toHaveAttribute('open', '');

  // Someone who does not hold the plan gets neither the video nor its captions.
  const key = (await player.locator('track').getAttribute('src'))!.match(/files\/([^?]+)/)![1];
  const stranger = await createUser({ name: 'Sam Stranger' });
  const strangerContext = await browser.newContext();
  const strangerPage = await strangerContext.newPage();
  await signIn(strangerPage, stranger.email);
  const refused = await strangerPage.request.get(`/api/app/get-signed-url/${key}`, {
    headers: await tokenOf(strangerPage),
  });
  expect(refused.status()).toBe(403);

  // The accessibility statement says how this is tested, linked from the footer, at desktop and phone widths.
  await strangerPage.goto('/contact-us');
  await strangerPage.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Accessibility' }).click();
  await expect(strangerPage).toHaveURL(/\/accessibility$/);
  await expect(strangerPage.getByRole('heading', { name: 'Report a barrier' })).toBeVisible();
  await expectAccessible(strangerPage);
  await strangerPage.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(strangerPage);

  await memberContext.close();
  await strangerContext.close();
  csp.expectNone();
});
