import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, seedPaidPlans, signIn, watchCsp } from './support/fixtures';

test('a member buys a course through the hosted checkout and finds it under Your Courses', async ({ page }) => {
  const csp = await watchCsp(page);
  const member = await createUser({ name: 'Cato Course' });
  const { facilitator, course } = await seedPaidPlans();

  await signIn(page, member.email);
  await expect(page.getByText('Welcome back, Cato Course')).toBeVisible();

  // No courses yet.
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Your Courses', level: 1 })).toBeVisible();
  await expect(page.getByText("You don't have any courses yet.")).toBeVisible();

  // The course on the facilitator's plans: $30, once.
  await page.goto(`/profile/${facilitator.id}`);
  const plan = page.getByRole('article', { name: course.name });
  await expect(plan.getByText('Course', { exact: true })).toBeVisible();
  await expect(plan).toContainText('$30');
  await expect(plan).not.toContainText('/ month');
  await expectAccessible(page);
  await plan.getByRole('button', { name: 'Get Course' }).click();

  // The hosted checkout (test mode): a one-time payment.
  await expect(page).toHaveURL(/\/test-mode\/checkout\/cs_test_[0-9a-f]{24}$/);
  await expect(page.getByText('Test mode - no real charge')).toBeVisible();
  await expect(page.getByRole('heading', { name: course.name, level: 1 })).toBeVisible();
  await expect(page.getByText('One-time payment')).toBeVisible();
  await expect(page.getByText('/ month')).toHaveCount(0);
  await expectAccessible(page);
  const sessionId = page.url().split('/').pop()!;
  // From the keyboard this time.
  await page.getByRole('button', { name: 'Pay $30.00' }).focus();
  await page.keyboard.press('Enter');

  // The result page: the purchase, and a way into the course.
  await expect(page).toHaveURL(`/subscription/${course.id}/success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Course purchased', level: 1 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Your course' });
  await expect(details.getByText(course.name)).toBeVisible();
  await expect(details.getByText('$30', { exact: true })).toBeVisible();
  await expect(details.getByText('Purchased')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Checkout details' }).getByText(sessionId)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open course' })).toBeVisible();
  await expectAccessible(page);

  // Your Courses (from the user menu) lists it.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  const card = page.getByRole('link', { name: new RegExp(course.name) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Five lessons.');
  await expect(card).toContainText(`by ${facilitator.name}`);
  await expectAccessible(page);

  // Opening it shows its lesson, all released at once.
  await card.click();
  await expect(page).toHaveURL(`/course/${course.id}`);
  await expect(page.getByRole('heading', { name: course.name, level: 1 })).toBeVisible();
  const lessons = page.getByRole('list', { name: `${course.name} content` });
  await expect(lessons.getByRole('button', { name: /^Lesson 1 Breathwork/ })).toBeVisible();
  await expectAccessible(page);

  csp.expectNone();
});
