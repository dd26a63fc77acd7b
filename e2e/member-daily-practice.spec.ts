import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, seedPractice, signIn, watchCsp } from './support/fixtures';

/** HTMLMediaElement.HAVE_METADATA: the duration is known. */
const HAVE_METADATA = 1;

test('a subscribed member plays today’s practice, marks it done, favourites it and finds it again', async ({
  page,
}) => {
  const csp = await watchCsp(page);
  const member = await createUser({ name: 'Dana Daily' });
  const { todayTitle, facilitatorName } = await seedPractice(member.id);

  await signIn(page, member.email);
  await expect(page.getByText('Welcome back, Dana Daily')).toBeVisible();

  // Today's practice, and nothing done yet.
  const today = page.getByRole('table', { name: 'Here are your practices for today' });
  await expect(today.getByRole('button', { name: todayTitle })).toBeVisible();
  await expect(today.getByText('Body scan')).toHaveCount(0); // Day 2: not released yet
  const progress = page.getByRole('progressbar', { name: 'Tasks Completed' });
  await expect(progress).toHaveAttribute('aria-valuetext', '0 / 1');
  await expectAccessible(page);

  // Open it: the audio plays from a short-lived signed URL.
  const media = page.waitForResponse((res) => res.url().includes('/api/files/'));
  await today.getByRole('button', { name: todayTitle }).click();
  // The dialog element itself has no box (its panel is fixed-positioned): check what it shows.
  const modal = page.getByRole('dialog', { name: todayTitle });
  await expect(modal.getByRole('heading', { name: todayTitle })).toBeVisible();
  await expect(modal.getByText(`${todayTitle}, guided.`)).toBeVisible();
  await expect(modal.getByText(facilitatorName)).toBeVisible();
  const audio = modal.locator('audio');
  await expect(audio).toHaveAttribute('src', /^\/api\/files\/[^?]+\.wav\?exp=\d+&sig=/);
  expect([200, 206]).toContain((await media).status());
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(HAVE_METADATA);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(3, 1);
  await audio.evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());
  await expectAccessible(page);

  // Escape closes it.
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  // Mark it done from the list: the progress moves.
  const done = today.getByRole('checkbox', { name: `Mark ${todayTitle} done` });
  await expect(done).not.toBeChecked();
  // The box follows the server's answer (not optimistic), so click and wait rather than check().
  await done.click();
  await expect(done).toBeChecked();
  await expect(progress).toHaveAttribute('aria-valuetext', '1 / 1');
  await expect(progress).toHaveAttribute('aria-valuenow', '100');

  // Favourite it in the modal (opened from the keyboard this time), which knows it is done.
  await today.getByRole('button', { name: todayTitle }).focus();
  await page.keyboard.press('Enter');
  await expect(modal.getByRole('checkbox', { name: `Mark ${todayTitle} done` })).toBeChecked();
  const favourite = modal.getByRole('button', { name: `Favourite ${todayTitle}` });
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await favourite.focus();
  await page.keyboard.press('Space');
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);

  // It is among the favourites in Past Practices.
  await page.getByRole('link', { name: 'View All Practices' }).click();
  await expect(page).toHaveURL(/\/past-practices$/);
  await expect(page.getByRole('heading', { name: 'Past Practices' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'View All Practices' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByText(todayTitle)).toBeVisible();
  await page.getByRole('tab', { name: 'Favorite Practices' }).click();
  const favourites = page.getByRole('tabpanel');
  await expect(favourites.getByRole('button', { name: `Favourite ${todayTitle}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(favourites.getByRole('checkbox', { name: `Mark ${todayTitle} done` })).toBeChecked();
  await expect(favourites.getByText('Body scan')).toHaveCount(0);
  await expectAccessible(page);

  csp.expectNone();
});
