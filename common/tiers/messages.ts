// The tiers texts shown to people, apart from the schemas so the error catalogue
// (common/errors.ts) and the web's forms load them without zod.

export const TIER_MESSAGES = {
  fixedAfterCreation: 'Type and price cannot be changed after the tier is created.',
  hasSubscribers: "You can't delete this program right now",
  hasSubscribersDetail: 'There are still active subscribers to this program.',
  deleted: 'Program has been deleted',
} as const;

/** What a free tier costs, wherever a price is shown. */
export const FREE_PRICE_TEXT = 'Free';
