import { expect, type APIResponse, type Browser, type Page } from '@playwright/test';
import { createUser, signIn, uniqueName } from './fixtures';

/** The bearer token the web app keeps after signing in (localStorage 'token'). */
export async function tokenOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'a signed-in page holds a token').toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/** The JSON of a successful API answer. */
export async function ok<T>(res: APIResponse): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Resolves once this page's live connection (a websocket at /api/live) has authenticated, i.e. the
 * server answered its 'ready' frame. Call before the navigation that opens the socket.
 */
export function liveReady(page: Page) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!new URL(socket.url()).pathname.endsWith('/api/live')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"ready"')) resolve();
      });
    });
  });
}

/** A new browser context at `width` px, signed in as `email`. */
export async function signedInAt(browser: Browser, email: string, width: number) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await signIn(page, email);
  return page;
}

/** Next week's Wednesday, 10:00 to 11:00 in the browser's zone, as ISO instants. */
export const nextWednesday = (page: Page) =>
  page.evaluate(() => {
    const day = new Date();
    day.setHours(10, 0, 0, 0);
    day.setDate(day.getDate() - day.getDay() + 10);
    return { startTime: day.toISOString(), endTime: new Date(day.getTime() + 3_600_000).toISOString() };
  });

/**
 * Maya Rivers, a facilitator signed in at `width` px (`desk`), Sam Lee, a member, and a session
 * name of this run (`Morning flow …`).
 */
export async function mayaAndSam(browser: Browser, width: number) {
  const facilitator = await createUser({ isFacilitator: true, name: 'Maya Rivers' });
  const sam = await createUser({ name: 'Sam Lee' });
  const name = `Morning flow ${uniqueName('')}`;
  const desk = await signedInAt(browser, facilitator.email, width);
  return { facilitator, sam, name, desk };
}

/** Opens the dialog of the first session called `name` next week on the facilitator's profile. */
export async function openNextWeeksSession(page: Page, facilitatorId: string, name: string) {
  await page.goto(`/profile/${facilitatorId}?tab=sessions`);
  const calendar = page.getByRole('tabpanel', { name: 'Sessions' });
  await calendar.getByRole('button', { name: 'Next week' }).click();
  await calendar
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click();
  return page.getByRole('dialog', { name });
}
