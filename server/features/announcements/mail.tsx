import { Hr } from '@react-email/hr';
import type { MailContent } from '../mail/compose';
import type { MailFooter } from '../mail/layout';
import { ActionButton, Paragraph } from '../mail/layout';
import { MailMarkdown } from '../mail/markdown';
import type { Brand } from '../../../common/site/brand';

export type AnnouncementMailInput = {
  to: string;
  facilitator: { id: string; name: string };
  /** the plan's name, or null for all of the facilitator's plans */
  tierName: string | null;
  subject: string;
  body: string;
  footer: MailFooter;
  publicUrl: string;
};

/**
<<<<<<< HEAD
 * A facilitator's announcement as a mail: who wrote it and to whom, their Markdown
 * (markdown.tsx lets no HTML through), and a button to their profile. The subject is theirs, as
 * written.
=======
 * A facilitator's announcement as a mail: who wrote it and to whom, their Markdown (markdown.tsx
 * lets no HTML through, and its links to the site point at its public address), and a button to
 * their profile. The subject is theirs, as written.
>>>>>>> markdown
 */
export function announcementMail(brand: Brand, input: AnnouncementMailInput): MailContent {
  const audience = input.tierName ? `the members of ${input.tierName}` : 'all their members';
  return {
    to: input.to,
    subject: input.subject,
    preview: `${input.facilitator.name} wrote to ${audience}`,
    body: (
      <>
        <Paragraph>
          {input.facilitator.name} wrote to {audience}:
        </Paragraph>
        <Hr style={{ borderColor: '#e4e4e7', margin: '8px 0' }} />
        <MailMarkdown markdown={input.body} linkColor={brand.accentColor} siteUrl={input.publicUrl} />
        <ActionButton href={`${input.publicUrl}/profile/${input.facilitator.id}`} color={brand.accentColor}>
          Visit {input.facilitator.name}'s page
        </ActionButton>
      </>
    ),
    footer: input.footer,
  };
}
