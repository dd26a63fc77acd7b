import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { ApiError } from '@web/api/client';
import { buttonStyles } from '@web/components/button-styles';
import { useCourse } from './api/get-course';
import { CardsSkeleton } from './cards-skeleton';
import { ContentCards } from './content-cards';
import { ContentModal } from './content-modal';
import { useEngagementWithQueue } from './offline/queued-practice';
import { EmptyPanel, LoadFailed, PageHeading } from './practice-panels';
import { PRACTICE_TEXTS } from './practice-texts';
import { useContentViewer } from './use-content-viewer';
import { PageTitle } from '@web/components/page-title';
import clsx from 'clsx';

/** /course/{id}: the course's name and all its released content, in release order. */
export function CoursePage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  const { openContent, open, close } = useContentViewer();
  const records = useMemo(() => course.data?.userEngagementHistory ?? [], [course.data]);
  const engagement = useEngagementWithQueue(records);

  const backLink = (
    <Link
      to="/courses"
      className={clsx(
        'inline-flex min-h-11 items-center gap-1',
        'rounded-lg text-sm font-medium text-stone-600',
        'hover:text-stone-900',
      )}
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      Your Courses
    </Link>
  );

  if (course.isPending) {
    return (
      <section className="mx-auto w-full max-w-5xl space-y-6">
        {backLink}
        <CardsSkeleton label="Loading the course…" />
      </section>
    );
  }
  if (course.isError) {
    const missing = course.error instanceof ApiError && (course.error.status === 404 || course.error.status === 403);
    return (
      <section className="mx-auto w-full max-w-5xl space-y-6">
        {backLink}
        {missing ? (
          <CourseNotFound />
        ) : (
          <LoadFailed message="We could not load this course." onRetry={() => course.refetch()} />
        )}
      </section>
    );
  }

  const { tier, allContent } = course.data;
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle>{tier.name}</PageTitle>
      {backLink}
      <PageHeading title={tier.name}>
        {tier.description && (
          <p className="mt-2 max-w-2xl text-sm whitespace-pre-line text-stone-600 sm:text-base">{tier.description}</p>
        )}
      </PageHeading>
      {allContent.length === 0 ? (
        <EmptyPanel>{PRACTICE_TEXTS.noCourseContent}</EmptyPanel>
      ) : (
        <ContentCards
          as="ol"
          contents={allContent}
          engagement={engagement}
          onOpen={open}
          aria-label={`${tier.name} content`}
        />
      )}
      <ContentModal
        content={openContent}
        engagement={openContent ? engagement.get(openContent._id) : undefined}
        onClose={close}
        // the lock screen shows the course as the album; previous and next move through its lessons
        from={{ items: allContent, name: tier.name, open }}
      />
    </section>
  );
}

/** 404 (or a course the caller has not bought): say so plainly and point back. */
function CourseNotFound() {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm">
      <PageTitle>Course not found</PageTitle>
      <h1 id="page-title" className="text-xl font-semibold text-stone-900">
        Course not found
      </h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-stone-600">
        This course does not exist, or it is not one of your courses.
      </p>
      <Link to="/courses" className={`${buttonStyles({ size: 'sm' })} mt-5`}>
        Back to your courses
      </Link>
    </div>
  );
}
