import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD } from './fixtures';
import { ok } from './signed-in';

/**
 * Helpers of the journeys through paged lists (every list pages with a cursor): seeding
 * more than a page through the API, reading what a list shows, and pictures to look at.
 */

export type Bearer = { Authorization: string };

/** `email`'s Authorization header, signed in through the API (no browser page needed). */
export async function bearerFor(request: APIRequestContext, email: string): Promise<Bearer> {
  const login = await ok<{ token: string }>(
    await request.post('/api/auth/login', { data: { user: { email, password: PASSWORD } } }),
  );
  return { Authorization: `Bearer ${login.token}` };
}

/**
 * Opens the web app signed in as the holder of `bearer` (the token the app keeps in localStorage),
 * without going through the sign-in form, which other journeys cover.
 */
export async function signedInAs(page: Page, bearer: Bearer) {
  await page.addInitScript(
    (token) => localStorage.setItem('token', token),
    bearer.Authorization.slice('Bearer '.length),
  );
}

/** 'Comment 007': a text whose number tells its place; `numberIn` reads it back. */
export const numbered = (label: string, n: number) => `${label} ${String(n).padStart(3, '0')}`;
export const numberIn = (text: string, label: string) => {
  const match = new RegExp(`${label} (\\d{3})`).exec(text);
  return match ? Number(match[1]) : undefined;
};

/** from, from+1, …, to (or downwards when `to` is smaller). */
export function range(from: number, to: number) {
  const step = to >= from ? 1 : -1;
  return Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => from + i * step);
}

/** Creates 1..count one after another, so each is newer than the one before (lists sort by creation). */
export async function oneAfterAnother<T>(count: number, make: (n: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (const n of range(1, count)) made.push(await make(n));
  return made;
}

/** The numbers of the items `items` shows, in page order (an item without one is left out). */
export async function numbersShown(items: Locator, label: string) {
  const texts = await items.allInnerTexts();
  return texts.map((text) => numberIn(text, label)).filter((n): n is number => n !== undefined);
}

/** Fails when the page scrolls sideways: something is wider than the screen. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow, 'pixels the page is wider than the screen').toBeLessThanOrEqual(0);
}

/**
 * Reaches `target` with the keyboard (Shift+Tab then Tab from it), so the browser draws its focus
 * ring as for a keyboard user, which a screenshot then shows.
 */
export async function focusByKeyboard(page: Page, target: Locator) {
  await target.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/**
 * With E2E_SHOTS_DIR set (e.g. /tmp/shots-f), saves what the screen shows as `<name>.png` there,
 * for a person to look at; without it, nothing. Pictures are never compared in a test.
 */
export async function screenshotFor(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}
