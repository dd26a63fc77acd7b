import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { GroupAnswer } from '@common/groups/schemas';
import { api } from '@web/api/client';
import { ownedGroupsKey, subjectPath, type ProfileSubject } from './profile-keys';

/** GET app/facilitator/{id}/groups (own: …/own/groups): groups they own; hidden ones only for the owner (spec 02 §6). */
export async function getOwnedGroups(subject: ProfileSubject): Promise<GroupAnswer[]> {
  return z.array(GroupAnswer).parse(await api.call(`${subjectPath(subject)}/groups`));
}

export const ownedGroupsQueryOptions = (subject: ProfileSubject) =>
  queryOptions({ queryKey: ownedGroupsKey(subject), queryFn: () => getOwnedGroups(subject) });

export const useOwnedGroups = (subject: ProfileSubject) => useQuery(ownedGroupsQueryOptions(subject));
