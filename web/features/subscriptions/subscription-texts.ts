/** The texts of My Subscriptions and the Profile's plans, in one place for pages and tests. */
export const SUBSCRIPTION_TEXTS = {
  manage: 'Manage Subscription',
  openCourse: 'Open course',
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

/** Billing → a paid subscription in its free trial. */
export const TRIAL_TEXTS = {
  title: 'Your free trial',
  endsOn: (date: string, price: string) => `Your trial ends on ${date}; your first charge of ${price} is then.`,
  startPaying: 'Start paying now',
  startPayingDone: (name: string) => `Your trial of ${name} has ended: you are now a paying member.`,
  cancel: 'Cancel before the first charge',
  cancelDone: (name: string) => `${name} ends with your trial. Nothing will be charged.`,
} as const;

export const PLAN_TEXTS = {
  subscribe: 'Subscribe',
  getCourse: 'Get Course',
  view: 'View in My Subscriptions',
  reactivate: 'Reactivate Subscription',
  noPlans: 'No Plans Available',
  /** a paid plan whose facilitator has not linked payouts yet: said instead of its button */
  cannotTakePayments: 'This facilitator cannot take payments yet.',
  /** under Subscribe while the member holds the plan as a gift */
  giftHeld: 'You have this plan as a gift. Subscribing starts the paid plan now, in place of the gift.',
} as const;

/** A plan with several prices: the choice of interval on its card, and the switch in Billing. */
export const PRICE_TEXTS = {
  chooseLabel: 'Billing',
  interval: { week: 'Weekly', month: 'Monthly', year: 'Yearly' },
  save: (percent: number) => `save ${percent}%`,
  billedEvery: { week: 'Billed weekly', month: 'Billed monthly', year: 'Billed yearly' },
  switchTo: (interval: 'week' | 'month' | 'year', saving: number | null) =>
    `Switch to ${PRICE_INTERVAL_WORDS[interval]}${saving ? ` (save ${saving}%)` : ''}`,
  switchTitle: (interval: 'week' | 'month' | 'year') => `Switch to ${PRICE_INTERVAL_WORDS[interval]} billing?`,
  switchText: (amount: string) =>
    `You will pay ${amount} from now on. The unused part of your current period is credited: ` +
    'your new period starts today and the difference is charged now (prorated), with the credit taken off.',
  switchConfirm: 'Switch now',
  switchKeep: 'Keep my current billing',
  switched: (name: string, interval: 'week' | 'month' | 'year') =>
    `${name} now bills ${PRICE_INTERVAL_WORDS[interval]}.`,
} as const;
const PRICE_INTERVAL_WORDS = { week: 'weekly', month: 'monthly', year: 'yearly' } as const;

/** A plan card's "Includes" list. */
export const PLAN_INCLUDES_TEXTS = {
  title: 'Includes',
  content: (n: number, allAtOnce: boolean) =>
    `${n} ${n === 1 ? 'content item' : 'content items'}${allAtOnce ? ', all at once' : ''}`,
  sessions: (n: number, per: 'week' | 'month' | 'year') => `${n} live ${n === 1 ? 'session' : 'sessions'} a ${per}`,
  group: (name: string) => `The ${name} group`,
  messaging: 'Direct messages with the facilitator',
} as const;

/** The Profile's Plans tab says Course where the tier form says One-off. */
export const PLAN_TYPE_LABELS = { subscription: 'Subscription', single: 'Course' } as const;

/** The result page after a checkout (/subscription/{id}/{status}). */
export const RESULT_TEXTS = {
  done: { subscription: 'Subscribed', course: 'Course purchased', session: 'Session booked' },
  doneText: {
    subscription: (name: string, facilitator: string) =>
      `You're subscribed to ${name}. Thank you for supporting ${facilitator}: your new practices are waiting for you.`,
    course: (name: string) => `${name} is yours to keep. Every lesson is open now.`,
    session: (name: string, facilitator: string, when: string) =>
      `${name} with ${facilitator} starts ${when}. The meeting link is with your upcoming sessions.`,
  },
  detailsTitle: { subscription: 'Your subscription', course: 'Your course', session: 'Your session' },
  /** before it is theirs (cancelled, confirming, refunded) */
  aboutTitle: { subscription: 'About this plan', course: 'About this course', session: 'About this session' },
  nameTerm: { subscription: 'Plan', course: 'Course', session: 'Session' },
  cancelled: 'Checkout cancelled',
  cancelledText: (name: string) => `No payment was taken. You can come back to ${name} whenever you're ready.`,
  unknown: 'Checkout not found',
  unknownText: 'We could not find this checkout. If you paid, your purchase is listed in My Subscriptions.',
  refunded: 'Payment refunded',
  refundedText:
    'You already had this, or someone else booked the session first, so your payment has been refunded. ' +
    'Your notifications say which.',
  confirming: 'Confirming your payment',
  confirmingText: 'Thank you! Our payment provider is confirming your payment. This can take a minute.',
  checking: 'Checking…',
  stillConfirming: 'Not confirmed yet.',
  checkAgain: 'Check again',
  loadingHeading: 'Your checkout',
  loading: 'Loading your checkout…',
  loadFailed: 'We could not load your checkout.',
  referenceTitle: 'Checkout details',
  nextLabel: 'Where to next',
  openCourse: 'Open course',
  viewSession: 'View session',
  backTo: (facilitator: string) => `Back to ${facilitator}`,
  mySubscriptions: 'Go to My Subscriptions',
  dailyPractice: 'Go to your daily practice',
} as const;
