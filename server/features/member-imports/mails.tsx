import type { BrandedMail } from '../mail/compose';
import { ActionButton, Paragraph } from '../mail/layout';

/** An imported member's first mail: who brought them over, and the link to choose a password. */
export const importWelcomeMail =
  (to: { email: string; name: string }, facilitatorName: string, link: string): BrandedMail =>
  (brand, settingsUrl) => ({
    to: to.email,
    subject: `${facilitatorName} moved your membership to ${brand.siteName}`,
    preview: 'Choose your password to sign in',
    body: (
      <>
        <Paragraph>Hi {to.name},</Paragraph>
        <Paragraph>
          {facilitatorName} now runs their community on {brand.siteName} and created an account for you with this email
          address. To choose your password and sign in, open this link within 7 days:
        </Paragraph>
        <ActionButton href={link} color={brand.accentColor}>
          Choose your password
        </ActionButton>
        <Paragraph>If you did not expect this, you can ignore this email.</Paragraph>
      </>
    ),
    footer: { reason: `${facilitatorName} imported this address to ${brand.siteName}`, settingsUrl },
  });
