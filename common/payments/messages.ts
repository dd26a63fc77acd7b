// The payments texts shown to people, apart from the schemas so every page's test-mode banner
// loads them without zod.
import { FREE_PRICE_TEXT } from '../tiers/messages';

export const PAYMENT_TEXTS = {
  free: FREE_PRICE_TEXT,
  testMode: 'Test mode - no real charge',
  /** the banner on every page while test mode runs, so nobody takes a test payment for a real one */
  testModeBanner: 'Test mode: no real payments',
  redirecting: "You're being redirected to our Stripe portal...",
} as const;
