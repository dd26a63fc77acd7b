import { Link } from 'react-router';
import { AcademicCapIcon } from '@heroicons/react/24/outline';
import type { CourseSummary } from '@common/practice/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { TendImage } from '@web/components/tend-image';
import { useFullCourses } from './api/get-full-courses';
import { CardsSkeleton } from './cards-skeleton';
import { EmptyPanel, LoadFailed, PageHeading } from './practice-panels';
import { PRACTICE_TEXTS } from './practice-texts';
import { PageTitle } from '@web/components/page-title';
import clsx from 'clsx';
import { cardStyles } from '@web/components/card-styles';

/** /courses: the courses I bought; open to facilitators too. */
export function CoursesPage() {
  const courses = useFullCourses();

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle>Your Courses</PageTitle>
      <PageHeading title="Your Courses" />
      {courses.isPending ? (
        <CardsSkeleton label="Loading your courses…" />
      ) : courses.isError ? (
        <LoadFailed message="We could not load your courses." onRetry={() => courses.refetch()} />
      ) : courses.data.length === 0 ? (
        <EmptyPanel
          action={
            <Link to="/explore" className={buttonStyles({ size: 'sm' })}>
              Explore Courses
            </Link>
          }
        >
          {PRACTICE_TEXTS.noCourses}
        </EmptyPanel>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {courses.data.map((course) => (
            <li key={course._id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CourseCard({ course }: { course: CourseSummary }) {
  const placeholder = (
    <span
      aria-hidden="true"
      className="flex aspect-video w-full items-center justify-center bg-brand-50 text-brand-700"
    >
      <AcademicCapIcon className="size-10" />
    </span>
  );
  return (
    <Link
      to={`/course/${encodeURIComponent(course._id)}`}
      className={clsx(
        cardStyles,
        'group flex h-full flex-col overflow-hidden',
        'hover:border-brand-600/40 hover:shadow-md',
      )}
    >
      <TendImage path={course.thumbnail} size="sm" alt="" className="aspect-video w-full" fallback={placeholder} />
      <span className="flex flex-1 flex-col gap-1.5 p-4">
        <span className="font-semibold break-words text-stone-900 group-hover:text-brand-800">{course.name}</span>
        {course.description && <span className="line-clamp-3 text-sm text-stone-600">{course.description}</span>}
        <span className="mt-auto pt-2 text-xs font-medium text-stone-500">by {course.facilitator.name}</span>
      </span>
    </Link>
  );
}
