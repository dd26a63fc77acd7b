import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicProfileAnswer } from '@common/profiles/schemas';
import { ApiError, api } from '@web/api/client';
import { profileKey, subjectPath, type ProfileSubject } from './profile-keys';

/** GET app/facilitator/{id} or app/facilitator/own: 404 when unknown. */
export async function getProfile(subject: ProfileSubject): Promise<PublicProfileAnswer> {
  return PublicProfileAnswer.parse(await api.call(subjectPath(subject)));
}

export const profileQueryOptions = (subject: ProfileSubject) =>
  queryOptions({ queryKey: profileKey(subject), queryFn: () => getProfile(subject) });

export const useProfile = (subject: ProfileSubject) => useQuery(profileQueryOptions(subject));

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
