/** 'Private'/'Open', 'Hidden'/'Visible' and the screens' own sentences, in one place. */
export const GROUP_TEXTS = {
  private: 'Private',
  open: 'Open',
  hidden: 'Hidden',
  visible: 'Visible',
  addCommunity: 'Add new community',
  notFound: 'Group not found',
  noPosts: 'No posts in this group yet.',
  noPostsMatch: (search: string) => `No posts match "${search}"`,
  noGroupsMatch: (search: string) => `No groups match "${search}"`,
  exploreEmpty: 'There are no other communities to explore right now.',
  mineEmpty: 'You have not joined any communities yet.',
  noRequests: 'No requests yet. When someone asks to join, their request shows up here.',
  othersMore: (count: number) => `and ${count} ${count === 1 ? 'other' : 'others'}...`,
} as const;

export const memberCountText = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;
