import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type { Brand } from '../../../common/site/brand';
import type { Mail } from '../../platform/mail';
import { MailLayout, type MailFooter } from './layout';

export type MailContent = {
  to: string;
  subject: string;
  /** the line mail apps show after the subject */
  preview: string;
  body: ReactElement;
  footer: MailFooter;
  headers?: Record<string, string>;
  attachments?: Mail['attachments'];
};

/**
 * One mail in the site's brand: the HTML part from the React template and the plain-text part
 * from the same template (react-email's `plainText`), so the two always say the same thing.
 */
export async function composeMail(
  site: { brand: Brand; publicUrl: string; mailFrom: string },
  content: MailContent,
): Promise<Mail> {
  const element = (
    <MailLayout brand={site.brand} publicUrl={site.publicUrl} preview={content.preview} footer={content.footer}>
      {content.body}
    </MailLayout>
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const unsubscribe = content.footer.oneClickUrl;
  return {
    to: content.to,
    subject: content.subject,
    html,
    text: `${text.trim()}\n`,
    from: senderOf(site.brand, site.mailFrom),
    headers: {
      ...(unsubscribe && {
        // RFC 2369 and RFC 8058: mail apps show their own 'Unsubscribe' and POST to it in one click
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }),
      ...content.headers,
    },
    ...(content.attachments && { attachments: content.attachments }),
  };
}

/**
 * The From of every mail: the sender set in Site settings, else the server's MAIL_FROM address
 * under the site's name (a renamed site never mails as 'Tend').
 */
export function senderOf(brand: Brand, mailFrom: string): { name: string; address: string } {
  const configured = /^\s*(?:"?([^"<]*?)"?\s*)?<([^>]+)>\s*$/.exec(mailFrom);
  const fallbackAddress = configured ? configured[2]!.trim() : mailFrom.trim();
  return {
    name: brand.senderName || brand.siteName,
    address: brand.senderAddress || fallbackAddress,
  };
}

/** A mail before it is put in the site's frame: made from the brand (its name, colour) and the settings address. */
export type BrandedMail = (brand: Brand, settingsUrl: string) => MailContent;
