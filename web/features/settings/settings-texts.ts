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
