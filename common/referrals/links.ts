// Referral links and the first-touch rule: plain functions without zod, so the web app's entry can
// read them.

/** The query parameter that carries a referral code on any page (/register?r=…, /profile/{id}?r=…). */
export const REFERRAL_PARAM = 'r';
/** The first referral code a browser sees counts for this many days (first touch). */
export const REFERRAL_WINDOW_DAYS = 30;

/** An account's referral code is its id: already public in profile addresses, unique, and never changes. */
export const referralCodeOf = (user: { id: string }) => user.id;

/** The sign-up address that credits the code's owner. */
export const referralLink = (origin: string, code: string) =>
  `${origin.replace(/\/+$/, '')}/register?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;

/** A facilitator's profile shared with my code: the code is kept until the visitor signs up. */
export const profileShareLink = (origin: string, facilitatorId: string, code: string) =>
  `${origin.replace(/\/+$/, '')}/profile/${encodeURIComponent(facilitatorId)}?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;
