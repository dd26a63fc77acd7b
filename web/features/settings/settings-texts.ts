/** Settings, Become a facilitator. */
export const BECOME_FACILITATOR_TEXTS = {
  title: 'Become a facilitator',
  intro:
    'Offer plans, courses and live sessions of your own. Your profile gets a Plans tab, and you get a dashboard for your program and earnings.',
  bioLabel: 'About your work',
  bioHint: 'Shown on your profile to members deciding whether to join you.',
  categoryLabel: 'Category',
  categoryHint: 'Shown on your profile and in Explore, e.g. Yoga.',
  submit: 'Become a facilitator',
  done: 'You are now a facilitator. Welcome to your dashboard.',
} as const;

/** Settings → Referrals. */
export const REFERRALS_TEXTS = {
  title: 'Referrals',
  intro: 'Share your link. When someone signs up through it within 30 days of first opening it, they count as yours.',
  linkLabel: 'Your referral link',
  profileLinkLabel: 'Your profile, shared with your code',
  profileLinkHint: 'Send people straight to your plans; they are credited to you when they sign up.',
  copy: 'Copy',
  copied: 'Link copied.',
  copyFailed: 'Could not copy. Select the link and copy it by hand.',
  loading: 'Loading your referrals…',
  loadFailed: 'We could not load your referrals.',
  none: 'Nobody has signed up through your link yet.',
  signedUp: (n: number) => `${n} ${n === 1 ? 'person' : 'people'} signed up`,
  paid: (n: number) => `${n} of them paid`,
  rewardsTitle: 'Rewards you earned',
  rewardUse: 'Use it',
  rewardUsed: 'Used',
  rewardFrom: (facilitator: string, tier: string) => `from ${facilitator}, for ${tier}`,
} as const;
