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
