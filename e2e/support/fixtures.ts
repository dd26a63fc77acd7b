import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E } from './ports';

export const PASSWORD = 'gentle-cedar-path-81';

export type Mail = { to: string; subject: string; text: string };

/** The newest mail that reached the e2e SMTP mailbox for `to`. */
export async function latestMail(to: string, subject?: string): Promise<Mail> {
  const q = new URLSearchParams({ to, ...(subject ? { subject } : {}) });
  const res = await fetch(`${E2E.fixtureURL}/mail?${q}`);
  if (!res.ok) throw new Error(`No mail for ${to}: ${await res.text()}`);
  return res.json();
}

export const codeIn = (mail: Mail) => mail.text.match(/^\s*([0-9A-Z]{4})\s*$/m)![1]!;
export const linkIn = (mail: Mail) => mail.text.match(/https?:\/\/\S+/)![0];

export const uniqueName = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

/** Creates an account directly (the journey's fixture), with flags the UI cannot set yet. */
export async function createUser(fields: {
  isFacilitator?: boolean;
  isAdmin?: boolean;
  twoFactorEnabled?: boolean;
  emailConfirmed?: boolean;
  name?: string;
  /** the handle behind the username and the email address (default user + 6 hex digits) */
  handle?: string;
  /** made just now, so the new-account brakes apply (otherwise the account is 30 days old) */
  newAccount?: boolean;
}) {
  const { handle = uniqueName('user'), ...flags } = fields;
  const user = { name: flags.name ?? `Test ${handle}`, username: handle, email: `${handle}@example.test`, ...flags };
  const res = await fetch(`${E2E.fixtureURL}/users`, {
    method: 'POST',
    body: JSON.stringify({ ...user, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(await res.text());
  return { ...user, id: (await res.json()).id as string, password: PASSWORD };
}

/**
 * Fails on any axe-core violation, whatever its impact (moderate and minor too: the region rule,
 * heading order), with axe's default rules, none turned off. axe-core is 4.14 or later, whose
 * defaults include label-content-name-mismatch (WCAG 2.5.3, what a control shows is in its
 * name); the check fails if that rule did not run, so an older axe or a rule list that drops it
 * cannot pass unnoticed.
 */
export async function expectAccessible(page: Page) {
  // a dialog still fading in or out is measured half transparent: colour contrast fails on it.
  // Two frames first: a toast just rendered starts its fade-in on the next frame (sonner marks it
  // mounted then), and until it does it is transparent with no animation to wait for.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
  expect(ran.map((rule) => rule.id)).toContain('label-content-name-mismatch');
  expect(
    results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

export async function signIn(page: Page, email: string, password = PASSWORD, path = '/login') {
  await page.goto(path);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in|submit/i }).click();
  // signed in once the app has left the login page (the token is stored by then)
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Gives `memberId` a subscription to a fresh facilitator's daily audio tier (starting today). */
export async function seedPractice(
  memberId: string,
): Promise<{ facilitatorName: string; tierName: string; todayTitle: string }> {
  const res = await fetch(`${E2E.fixtureURL}/practice`, { method: 'POST', body: JSON.stringify({ memberId }) });
  if (!res.ok) throw new Error(await res.text());
  return res.json();
}

/** Gives `memberId` two one-minute recordings posted today by a fresh facilitator, the first with a cover. */
export async function seedListening(
  memberId: string,
): Promise<{ facilitatorName: string; cover: string; titles: string[] }> {
  const res = await fetch(`${E2E.fixtureURL}/listening`, { method: 'POST', body: JSON.stringify({ memberId }) });
  if (!res.ok) throw new Error(await res.text());
  return res.json();
}

/** Gives `memberId` a fresh facilitator's course of three lessons posted today, bought today. */
export async function seedCourse(
  memberId: string,
): Promise<{ courseId: string; courseName: string; lessons: string[] }> {
  const res = await fetch(`${E2E.fixtureURL}/course`, { method: 'POST', body: JSON.stringify({ memberId }) });
  if (!res.ok) throw new Error(await res.text());
  return res.json();
}

/**
 * Collects the browser's Content Security Policy complaints on `page` (the app runs with a strict
 * CSP: any violation is a bug). Call it before the first navigation; `expectNone()` at the end.
 */
export async function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) violations.push(`[${message.type()}] ${text}`);
  });
  // The DOM's own event also catches what the console does not show (e.g. a blocked eval that was caught).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return {
    violations,
    expectNone: () => expect(violations, 'Content Security Policy violations').toEqual([]),
  };
}

export type PaidPlans = {
  facilitator: { id: string; name: string; email: string; password: string };
  monthly: { id: string; name: string };
  course: { id: string; name: string };
};

/** A fresh facilitator with a published $12/month tier and a $30 course (password is the factories' TEST_PASSWORD). */
export async function seedPaidPlans(): Promise<PaidPlans> {
  const res = await fetch(`${E2E.fixtureURL}/paid-plans`, { method: 'POST' });
  if (!res.ok) throw new Error(await res.text());
  return res.json();
}
