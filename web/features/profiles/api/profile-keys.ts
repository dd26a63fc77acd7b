import { groupListsKey } from '@web/features/groups/api/group-keys';
import { postListsKey } from '@web/features/posts/api/post-cache';

/**
 * Whose profile: a user's id, or 'own' for /profile (the server's …/facilitator/own/… calls).
 * The feed and groups keys sit under the posts and groups list keys, so hearts, removals and
 * group changes made elsewhere reach the profile's tabs too.
 */
export type ProfileSubject = string;

export const profileKey = (subject: ProfileSubject) => ['profiles', subject] as const;
export const authorPostsKey = (subject: ProfileSubject) => [...postListsKey, 'author', subject] as const;
export const ownedGroupsKey = (subject: ProfileSubject) => [...groupListsKey, 'owner', subject] as const;

export const subjectPath = (subject: ProfileSubject) => `app/facilitator/${encodeURIComponent(subject)}`;
