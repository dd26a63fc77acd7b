import { queryOptions, useQuery } from '@tanstack/react-query';
import { CourseAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';
import { practiceKeys } from './practice-keys';

/** GET app/course/{id}: the course tier, its released content and my engagement. */
export async function getCourse(id: string): Promise<CourseAnswer> {
  return CourseAnswer.parse(await api.call(`app/course/${encodeURIComponent(id)}`));
}

export const courseQueryOptions = (id: string) =>
  queryOptions({ queryKey: practiceKeys.course(id), queryFn: () => getCourse(id) });

export const useCourse = (id: string) => useQuery(courseQueryOptions(id));
