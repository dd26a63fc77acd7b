import { queryOptions, useQuery } from '@tanstack/react-query';
import { FullCoursesAnswer, type CourseSummary } from '@common/practice/schemas';
import { api } from '@web/api/client';
import { practiceKeys } from './practice-keys';

/** GET app/full-courses: the courses the member bought. */
export async function getFullCourses(): Promise<CourseSummary[]> {
  return FullCoursesAnswer.parse((await api.call('app/full-courses')) ?? []);
}

export const fullCoursesQueryOptions = () => queryOptions({ queryKey: practiceKeys.courses, queryFn: getFullCourses });

export const useFullCourses = () => useQuery(fullCoursesQueryOptions());
