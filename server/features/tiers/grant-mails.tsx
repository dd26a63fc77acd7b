import type { BrandedMail } from '../mail/compose';
import { ActionButton, Paragraph } from '../mail/layout';

/**
 * Complimentary access given to an address nobody registered yet: the invitation to sign up with
 * it (the grant is theirs once the account confirms this address).
 */
export const complimentaryInviteMail =
  (to: string, granterName: string, tierName: string, registerUrl: string): BrandedMail =>
  (brand, settingsUrl) => ({
    to,
    subject: `${granterName} gave you complimentary access to ${tierName}`,
    preview: `Join ${brand.siteName} with this address to start`,
    body: (
      <>
        <Paragraph>
          {granterName} gave you complimentary access to {tierName} on {brand.siteName}.
        </Paragraph>
        <Paragraph>Create your account with this email address and confirm it; the access is then yours.</Paragraph>
        <ActionButton href={registerUrl} color={brand.accentColor}>
          Create your account
        </ActionButton>
      </>
    ),
    footer: { reason: `${granterName} gave this address complimentary access at ${brand.siteName}`, settingsUrl },
  });
