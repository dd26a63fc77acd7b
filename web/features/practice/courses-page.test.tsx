// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { TierAnswer } from '@common/tiers/schemas';
import { CoursePage } from './course-page';
import { CoursesPage } from './courses-page';
import { buildContent, fakePracticeServer } from './testing/fake-practice-server';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';

const COURSE_ID = '7c1e6a52-8d0b-4f8e-a2f4-3b9d5c6e7f80';
const course: TierAnswer = {
  _id: COURSE_ID,
  name: 'Thirty days of calm',
  description: 'A month of short practices.',
  price: 49,
  thumbnail: null,
  type: 'single',
  interval: 'month',
  trialDays: 0,
  published: true,
  releaseAllContent: true,
  allowDirectMessaging: false,
  associatedGroup: null,
  contentQueue: [],
  contentQueueFrequency: 1,
  user: 'f1a2b3c4-0000-4000-8000-000000000001',
};

resetPageBetweenTests({ token: 'member-token' });

describe('Courses', () => {
  it('lists purchased courses, each leading to its page', async () => {
    fakePracticeServer({
      today: [],
      engagement: [],
      courses: [
        {
          _id: COURSE_ID,
          name: course.name,
          description: course.description,
          thumbnail: null,
          facilitator: { _id: course.user, name: 'Mira Stone' },
        },
      ],
    });
    renderPage(<CoursesPage />, { path: '/courses' });
    const card = await screen.findByRole('link', { name: /Thirty days of calm/ });
    expect(card.getAttribute('href')).toBe(`/course/${COURSE_ID}`);
    expect(screen.getByText('by Mira Stone')).toBeTruthy();
  });

  it("without courses says so and offers 'Explore Courses'", async () => {
    fakePracticeServer({ today: [], engagement: [] });
    renderPage(<CoursesPage />, { path: '/courses' });
    expect(await screen.findByText("You don't have any courses yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore Courses' }).getAttribute('href')).toBe('/explore');
  });

  it('a course page shows the tier name and its content, or that nothing is released yet', async () => {
    fakePracticeServer({
      today: [],
      engagement: [],
      coursePages: { [COURSE_ID]: { tier: course, allContent: [buildContent()] } },
    });
    renderPage(<CoursePage />, { path: '/course/:id', url: `/course/${COURSE_ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thirty days of calm' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Mark Morning sit done' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Favourite Morning sit' })).toBeTruthy();
    expect(screen.getByText('Released 11/22/2026')).toBeTruthy();
    cleanup();

    fakePracticeServer({ today: [], engagement: [], coursePages: { [COURSE_ID]: { tier: course, allContent: [] } } });
    renderPage(<CoursePage />, { path: '/course/:id', url: `/course/${COURSE_ID}` });
    expect(await screen.findByText('No content released yet.')).toBeTruthy();
  });

  it('an unknown course (404) says it was not found', async () => {
    fakePracticeServer({ today: [], engagement: [] });
    renderPage(<CoursePage />, { path: '/course/:id', url: '/course/5d5c0e1a-0000-4000-8000-00000000dead' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your courses' }).getAttribute('href')).toBe('/courses');
  });
});
