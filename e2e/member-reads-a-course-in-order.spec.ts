import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, seedCourse, signIn } from './support/fixtures';

const inOrder = [/^Lesson 1/, /^Lesson 2/, /^Lesson 3/];

test('a member reads a course of three lessons as Lesson 1, 2, 3 on /, /course/{id} and /past-practices', async ({
  page,
}) => {
  const member = await createUser({ name: 'Orla Order' });
  const { courseId, courseName } = await seedCourse(member.id);
  const today = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(
    new Date(),
  );

  await signIn(page, member.email);
  await expect(page.getByText('Welcome back, Orla Order')).toBeVisible();
  // today's date as MM/dd/yyyy
  await expect(page.getByText(today, { exact: true })).toBeVisible();
  const todays = page.getByRole('table', { name: 'Here are your practices for today' });
  await expect(todays.getByRole('button', { name: /^Lesson \d/ })).toHaveText(inOrder);

  await page.goto(`/course/${courseId}`);
  const course = page.getByRole('list', { name: `${courseName} content` });
  await expect(course.getByRole('button', { name: /^Lesson \d/ })).toHaveText(inOrder);
  await expect(course.getByText(`Released ${today}`)).toHaveCount(3);
  await expectAccessible(page);

  await page.goto('/past-practices');
  const all = page.getByRole('tabpanel', { name: 'View All Practices' });
  await expect(all.getByRole('button', { name: /^Lesson \d/ })).toHaveText(inOrder);
  await expect(all.getByText(`Released ${today}`)).toHaveCount(3);
  await expectAccessible(page);

  // at phone width the release day sits under each title
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(all.getByText(`Released ${today}`).first()).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/past-practices-390.png', fullPage: true });
});
