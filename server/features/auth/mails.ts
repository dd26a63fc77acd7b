import type { Mail } from '../../platform/mail';
import { CODE_TTL_MINUTES } from './codes';

type To = { email: string; name: string };

export const confirmEmailMail = (to: To, code: string, link: string): Mail => ({
  to: to.email,
  subject: `Your Tend confirmation code: ${code}`,
  text:
    `Hi ${to.name},\n\nWelcome to Tend! Your email confirmation code is:\n\n    ${code}\n\n` +
    `Enter it on the confirmation page (${link}). It is valid for ${CODE_TTL_MINUTES} minutes.\n\n` +
    `If you did not create an account, you can ignore this email.\n`,
});

export const twoFactorMail = (to: To, code: string): Mail => ({
  to: to.email,
  subject: `Your Tend sign-in code: ${code}`,
  text:
    `Hi ${to.name},\n\nYour sign-in code is:\n\n    ${code}\n\n` +
    `It is valid for ${CODE_TTL_MINUTES} minutes. If you did not try to sign in, change your password.\n`,
});

export const resetPasswordMail = (to: To, link: string): Mail => ({
  to: to.email,
  subject: 'Reset your Tend password',
  text:
    `Hi ${to.name},\n\nSomeone asked to reset the password of your Tend account. ` +
    `To choose a new password, open this link within 1 hour:\n\n${link}\n\n` +
    `If it wasn't you, ignore this email: your password stays as it is.\n`,
});

export const welcomeMail = (to: To, link: string): Mail => ({
  to: to.email,
  subject: 'Your Tend account is ready',
  text:
    `Hi ${to.name},\n\nAn administrator created a Tend account for you with this email address. ` +
    `To choose your password and sign in, open this link within 7 days:\n\n${link}\n\n` +
    `If you did not expect this, you can ignore this email.\n`,
});

export const passwordChangedMail = (to: To): Mail => ({
  to: to.email,
  subject: 'Your Tend password was changed',
  text:
    `Hi ${to.name},\n\nThe password of your Tend account was just changed and your other sessions were signed out.\n` +
    `If this wasn't you, reset your password right away and contact us.\n`,
});

/** Issue 17: a change of the second factor is told to the owner, in case it was not them. */
export const twoFactorChangedMail = (to: To, enabled: boolean): Mail => ({
  to: to.email,
  subject: enabled
    ? 'Two-factor sign-in is on for your Tend account'
    : 'Two-factor sign-in was turned off on your Tend account',
  text:
    `Hi ${to.name},\n\n` +
    (enabled
      ? 'From now on, signing in to Tend also asks for a code we email you.\n'
      : 'Signing in to Tend no longer asks for an emailed code.\n') +
    `If this wasn't you, reset your password right away and contact us.\n`,
});

/** Issue 17 (DESIGN.md §5): the old address hears of an email change, when asked and when done. */
export const emailChangeMail = (to: To, newEmail: string, stage: 'requested' | 'done'): Mail => ({
  to: to.email,
  subject:
    stage === 'requested'
      ? 'A new email address was set for your Tend account'
      : 'Your Tend account now uses another email address',
  text:
    `Hi ${to.name},\n\n` +
    (stage === 'requested'
      ? `Someone signed in to your Tend account asked to use ${newEmail} instead of this address. It takes effect once a code sent there is entered.\n`
      : `Your Tend account now uses ${newEmail}; mail no longer comes to this address, and your other sessions were signed out.\n`) +
    `If this wasn't you, reset your password right away and contact us.\n`,
});

/** Issue 17: repeated failed sign-ins are told to the owner (they slow down, never lock, the account). */
export const failedSignInsMail = (to: To, failures: number, resetLink: string): Mail => ({
  to: to.email,
  subject: 'Several failed sign-ins to your Tend account',
  text:
    `Hi ${to.name},\n\nThere were ${failures} failed attempts to sign in to your Tend account in the last hour. ` +
    `Your account is not locked: you can still sign in, a little more slowly for a while.\n\n` +
    `If it was you, there is nothing to do. If not, choose a new password: ${resetLink}\n`,
});
