import type { BrandedMail } from '../mail/compose';
import { ActionButton, Paragraph } from '../mail/layout';

/** To the requester once their archive is written: where to download it, and until when. */
export const exportReadyMail =
  (to: string, what: 'business' | 'site', pageUrl: string, expiresAt: string): BrandedMail =>
  (brand, settingsUrl) => ({
    to,
    subject: `Your ${brand.siteName} export is ready`,
    preview: `Download it before ${expiresAt}`,
    body: (
      <>
        <Paragraph>
          The export of {what === 'site' ? 'the whole site' : 'your business'} you asked for is ready. Download it from{' '}
          {brand.siteName} before {expiresAt}; after that it is deleted and you can request a new one.
        </Paragraph>
        <ActionButton href={pageUrl} color={brand.accentColor}>
          Download your export
        </ActionButton>
      </>
    ),
    footer: { reason: `you asked for an export at ${brand.siteName}`, settingsUrl },
  });
