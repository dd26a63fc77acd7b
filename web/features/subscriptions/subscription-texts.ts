/** spec 02 §2 My Subscriptions and Profile plans, verbatim where the spec gives the words. */
export const SUBSCRIPTION_TEXTS = {
  manage: 'Manage Subscription',
  message: 'Message Facilitator',
  cancelTitle: 'Cancel Subscription',
  cancelText: 'Are you sure you want to cancel this free subscription?',
  keep: 'Keep this subscription',
  restartTitle: 'Restart Subscription',
  restartText: 'You can restart this free subscription any time',
  notNow: 'Not right now',
  manageText: 'Update payment method or cancel this subscription',
  goToManage: 'Go to manage',
  keepSettings: 'Keep these settings',
  noActive: "You don't have any active subscriptions yet. Explore facilitators to find a practice that fits.",
  noInactive: 'No inactive subscriptions. Cancelled and ended plans will show up here.',
} as const;

export const PLAN_TEXTS = {
  subscribe: 'Subscribe',
  getCourse: 'Get Course',
  view: 'View in My Subscriptions',
  reactivate: 'Reactivate Subscription',
  noPlans: 'No Plans Available',
} as const;

/** The Profile's Plans tab says Course where the tier form says One-off (spec 02 §2). */
export const PLAN_TYPE_LABELS = { subscription: 'Subscription', single: 'Course' } as const;
