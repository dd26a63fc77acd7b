/** Every groups query sits under this key, so one invalidation can refresh them all. */
export const groupsKey = ['groups'] as const;
export const groupListsKey = [...groupsKey, 'list'] as const;

export type GroupTab = 'explore' | 'mine';

/** Explore is keyed by its search text (the server filters); My Groups has no search. */
export const groupListKey = (tab: GroupTab, search = '') =>
  tab === 'explore' ? ([...groupListsKey, tab, search] as const) : ([...groupListsKey, tab] as const);
export const groupDisplayKey = (id: string) => [...groupsKey, 'display', id] as const;
export const groupDetailsKey = (id: string) => [...groupsKey, 'details', id] as const;
export const membershipRequestsKey = (id: string) => [...groupsKey, 'requests', id] as const;
export const tagsKey = ['tags'] as const;
