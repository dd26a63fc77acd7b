import type { Brand } from '../../../common/site/brand';
import type { BrandedMail } from '../mail/compose';
import { ActionButton, CodeBlock, Paragraph } from '../mail/layout';
import { CODE_TTL_MINUTES } from './codes';

type To = { email: string; name: string };
type AccountMail = BrandedMail;

const accountFooter = (brand: Brand, settingsUrl: string, reason?: string) => ({
  reason: reason ?? `you have an account at ${brand.siteName}`,
  settingsUrl,
});
const takeAction = (brand: Brand) => (
  <Paragraph>If this wasn't you, reset your password right away and contact {brand.siteName}.</Paragraph>
);

export const confirmEmailMail =
  (to: To, code: string, link: string): AccountMail =>
  (brand, settingsUrl) => ({
    to: to.email,
    subject: `Your ${brand.siteName} confirmation code: ${code}`,
    preview: `Your code is ${code}`,
    body: (
      <>
        <Paragraph>Hi {to.name},</Paragraph>
        <Paragraph>Welcome to {brand.siteName}! Your email confirmation code is:</Paragraph>
        <CodeBlock code={code} />
        <Paragraph>Enter it on the confirmation page. It is valid for {CODE_TTL_MINUTES} minutes.</Paragraph>
        <ActionButton href={link} color={brand.accentColor}>
          Open the confirmation page
        </ActionButton>
        <Paragraph>If you did not create an account, you can ignore this email.</Paragraph>
      </>
    ),
    footer: accountFooter(brand, settingsUrl, `this address was given to create an account at ${brand.siteName}`),
  });

export const twoFactorMail =
  (to: To, code: string): AccountMail =>
  (brand, settingsUrl) => ({
    to: to.email,
    subject: `Your ${brand.siteName} sign-in code: ${code}`,
    preview: `Your sign-in code is ${code}`,
    body: (
      <>
        <Paragraph>Hi {to.name},</Paragraph>
        <Paragraph>Your sign-in code is:</Paragraph>
        <CodeBlock code={code} />
        <Paragraph>
          It is valid for {CODE_TTL_MINUTES} minutes. If you did not try to sign in, change your password.
        </Paragraph>
      </>
    ),
    footer: accountFooter(brand, settingsUrl),
  });

export const resetPasswordMail =
  (to: To, link: string): AccountMail =>
  (brand, settingsUrl) => ({
    to: to.email,
    subject: `Reset your ${brand.siteName} password`,
    preview: 'Choose a new password within 1 hour',
    body: (
      <>
        <Paragraph>Hi {to.name},</Paragraph>
        <Paragraph>
          Someone asked to reset the password of your {brand.siteName} account. To choose a new password, open this link
          within 1 hour:
        </Paragraph>
        <ActionButton href={link} color={brand.accentColor}>
          Choose a new password
        </ActionButton>
        <Paragraph>If it wasn't you, ignore this email: your password stays as it is.</Paragraph>
      </>
    ),
    footer: accountFooter(brand, settingsUrl),
  });

export const welcomeMail =
  (to: To, link: string): AccountMail =>
  (brand, settingsUrl) => ({
    to: to.email,
    subject: `Your ${brand.siteName} account is ready`,
    preview: 'Choose your password to sign in',
    body: (
      <>
        <Paragraph>Hi {to.name},</Paragraph>
        <Paragraph>
          An administrator created a {brand.siteName} account for you with this email address. To choose your password
          and sign in, open this link within 7 days:
        </Paragraph>
        <ActionButton href={link} color={brand.accentColor}>
          Choose your password
        </ActionButton>
        <Paragraph>If you did not expect this, you can ignore this email.</Paragraph>
      </>
    ),
    footer: accountFooter(brand, settingsUrl),
  });

export const passwordChangedMail =
  (to: To): AccountMail =>
  (brand, settingsUrl) => ({
    to: to.email,
    subject: `Your ${brand.siteName} password was changed`,
    preview: 'Your other sessions were signed out',
    body: (
      <>
        <Paragraph>Hi {to.name},</Paragraph>
        <Paragraph>
          The password of your {brand.siteName} account was just changed and your other sessions were signed out.
        </Paragraph>
        {takeAction(brand)}
      </>
    ),
    footer: accountFooter(brand, settingsUrl),
  });

/** A change of the second factor is told to the owner, in case it was not them. */
export const twoFactorChangedMail =
  (to: To, enabled: boolean): AccountMail =>
  (brand, settingsUrl) => ({
    to: to.email,
    subject: enabled
      ? `Two-factor sign-in is on for your ${brand.siteName} account`
      : `Two-factor sign-in was turned off on your ${brand.siteName} account`,
    preview: enabled ? 'Signing in now asks for a second step' : 'Signing in no longer asks for a second step',
    body: (
      <>
        <Paragraph>Hi {to.name},</Paragraph>
        <Paragraph>
          {enabled
            ? `From now on, signing in to ${brand.siteName} also asks for a second step.`
            : `Signing in to ${brand.siteName} no longer asks for a second step.`}
        </Paragraph>
        {takeAction(brand)}
      </>
    ),
    footer: accountFooter(brand, settingsUrl),
  });

/**
 * The old address hears of an email change, when asked and when done, so an owner whose account
 * was taken over learns of it at the address they still read.
 */
export const emailChangeMail =
  (to: To, newEmail: string, stage: 'requested' | 'done'): AccountMail =>
  (brand, settingsUrl) => ({
    to: to.email,
    subject:
      stage === 'requested'
        ? `A new email address was set for your ${brand.siteName} account`
        : `Your ${brand.siteName} account now uses another email address`,
    preview: `The new address is ${newEmail}`,
    body: (
      <>
        <Paragraph>Hi {to.name},</Paragraph>
        <Paragraph>
          {stage === 'requested'
            ? `Someone signed in to your ${brand.siteName} account asked to use ${newEmail} instead of this address. ` +
              'It takes effect once a code sent there is entered.'
            : `Your ${brand.siteName} account now uses ${newEmail}; mail no longer comes to this address, ` +
              'and your other sessions were signed out.'}
        </Paragraph>
        {takeAction(brand)}
      </>
    ),
    footer: accountFooter(brand, settingsUrl),
  });

/** Repeated failed sign-ins are told to the owner (they slow down, never lock, the account). */
export const failedSignInsMail =
  (to: To, failures: number, resetLink: string): AccountMail =>
  (brand, settingsUrl) => ({
    to: to.email,
    subject: `Several failed sign-ins to your ${brand.siteName} account`,
    preview: `${failures} failed attempts in the last hour`,
    body: (
      <>
        <Paragraph>Hi {to.name},</Paragraph>
        <Paragraph>
          There were {failures} failed attempts to sign in to your {brand.siteName} account in the last hour. Your
          account is not locked: you can still sign in, a little more slowly for a while.
        </Paragraph>
        <Paragraph>If it was you, there is nothing to do. If not, choose a new password:</Paragraph>
        <ActionButton href={resetLink} color={brand.accentColor}>
          Choose a new password
        </ActionButton>
      </>
    ),
    footer: accountFooter(brand, settingsUrl),
  });
