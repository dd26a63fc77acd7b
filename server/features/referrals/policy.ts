import { type Actor, canUseApp } from '../auth/policy';
import { canUseMoneyTools } from '../payments/policy';
import type { Actor as FacilitatorActor } from '../tiers/policy';

/**
 * Who may do what with referrals, each rule once. Deny by default.
 */

/** Every signed-in account has a referral link and sees how many it brought; only its own. */
export const canSeeOwnReferrals = (actor: Actor): actor is NonNullable<Actor> => canUseApp(actor);

/**
 * A facilitator sees who brought whom among their own members (subscribers of their tiers), beside
 * their earnings; nobody else has that list (admins included: it is the facilitator's view).
 */
export const canSeeMemberReferrals = (actor: FacilitatorActor): boolean => canUseMoneyTools(actor);

/**
 * A facilitator chooses the referral reward among their own offers (the service keeps the choice
 * to their offers); members and admins do not (an admin manages offers, not a facilitator's rewards).
 */
export const canChooseReferralReward = (actor: FacilitatorActor): boolean => canUseMoneyTools(actor);

/**
 * A referral code credits another account only: never the new account itself, nor an account
 * with the same mailbox (the same address, case and a '+tag' aside).
 */
export const mayCredit = (referrer: { id: string; email: string }, referee: { id?: string; email: string }): boolean =>
  referrer.id !== referee.id && mailbox(referrer.email) !== mailbox(referee.email);

const mailbox = (email: string) => {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  return `${local.split('+')[0]}@${domain}`;
};
