import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { Brand } from '../../../common/site/brand';

export type MailFooter = {
  /** completes 'You get this email because …' */
  reason: string;
  /** the signed one-click link that turns this kind of mail off; absent on account mails */
  unsubscribeUrl?: string;
  /** the address mail apps POST to for RFC 8058 one-click unsubscribe (List-Unsubscribe) */
  oneClickUrl?: string;
  /** where the member chooses which mails they get */
  settingsUrl: string;
};

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/**
 * The frame of every mail: the site's logo or name at the top in its accent colour,
 * the content, and a footer that says why the member gets it and how to stop. Tables and inline
 * styles only (react-email's components), so Gmail, Outlook and Apple Mail draw it alike; it
 * narrows to the screen on a phone.
 */
export function MailLayout(props: {
  brand: Brand;
  publicUrl: string;
  preview: string;
  footer: MailFooter;
  children: ReactNode;
}) {
  const { brand, footer } = props;
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', margin: 0, padding: '24px 0', fontFamily: font }}>
        <Container
          style={{ backgroundColor: '#ffffff', maxWidth: '560px', width: '100%', borderRadius: '8px', padding: '0' }}
        >
          <Section
            style={{ borderTop: `4px solid ${brand.accentColor}`, borderRadius: '8px 8px 0 0', padding: '24px' }}
          >
            {/* not a link: the first link of the plain-text part is the mail's own action */}
            {brand.logoUrl ? (
              <Img src={absolute(brand.logoUrl, props.publicUrl)} alt={brand.siteName} height="40" />
            ) : (
              <Text style={{ fontSize: '20px', fontWeight: 700, margin: 0, color: brand.accentColor }}>
                {brand.siteName}
              </Text>
            )}
          </Section>
          <Section style={{ padding: '0 24px 8px', color: '#18181b', fontSize: '16px', lineHeight: '24px' }}>
            {props.children}
          </Section>
          <Section style={{ padding: '16px 24px 24px', color: '#52525b', fontSize: '13px', lineHeight: '20px' }}>
            <Hr style={{ borderColor: '#e4e4e7', margin: '0 0 16px' }} />
            <Text style={{ margin: '0 0 8px', fontSize: '13px' }}>
              You get this email from {brand.siteName} because {footer.reason}.
            </Text>
            <Text style={{ margin: 0, fontSize: '13px' }}>
              {footer.unsubscribeUrl ? (
                <>
                  <Link href={footer.unsubscribeUrl} style={{ color: '#52525b', textDecoration: 'underline' }}>
                    Unsubscribe from these emails
                  </Link>
                  {' · '}
                </>
              ) : null}
              <Link href={footer.settingsUrl} style={{ color: '#52525b', textDecoration: 'underline' }}>
                Choose which emails you get
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of mail text. */
export function Paragraph(props: { children: ReactNode }) {
  return <Text style={{ fontSize: '16px', lineHeight: '24px', margin: '16px 0' }}>{props.children}</Text>;
}

/** The one action of a mail, in the accent colour. */
export function ActionButton(props: { href: string; color: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: props.color,
          color: '#ffffff',
          borderRadius: '6px',
          padding: '12px 20px',
          fontSize: '16px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

/** A code the member types in, large and spaced. */
export function CodeBlock(props: { code: string }) {
  return (
    <Text
      style={{
        fontSize: '28px',
        letterSpacing: '6px',
        fontWeight: 700,
        fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
        margin: '16px 0',
      }}
    >
      {props.code}
    </Text>
  );
}

function absolute(url: string, publicUrl: string) {
  try {
    return new URL(url, publicUrl).toString();
  } catch {
    return url;
  }
}
