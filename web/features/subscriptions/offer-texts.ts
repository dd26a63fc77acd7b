/** The texts of an offer on the Profile's plans (plan-card.tsx, facilitator-plans.tsx). */
export const OFFER_TEXTS = {
  badge: (code: string) => `Offer ${code}`,
  was: 'Usual price',
  checking: 'Checking your offer…',
  /** an offer that cannot be used: its reason, then what happens instead */
  fallback: (reason: string) => `${reason} Plans are shown at their usual price.`,
  lookupFailed: 'We could not check your offer code. Plans are shown at their usual price.',
  appliesTo: (plan: string) => `Your offer applies to ${plan}.`,
} as const;
