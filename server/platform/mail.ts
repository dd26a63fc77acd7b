import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailAttachment = { filename: string; content: string; contentType: string };

/** One mail as SMTP gets it: a plain-text part always, HTML beside it for every templated mail. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the server's MAIL_FROM when absent; an object, so no name can break the header */
  from?: { name: string; address: string };
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /** the Message-ID, so a receiver can tell a resend of the same mail */
  messageId?: string;
};

/**
 * Whether SMTP refused the mail for good (a 5xx reply: no such mailbox, rejected sender): trying
 * again cannot help. Connection failures and 4xx replies are worth retrying.
 */
export function isPermanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * Real SMTP through nodemailer when SMTP_URL is set; otherwise each mail is printed to the
 * server log so a local user can read the code or link and finish the flow.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      send: async (mail) => {
        opts.log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail printed (SMTP_URL is not set)');
        // readable on the console, so a local user can copy the code or link
        process.stderr.write(
          `\n----- mail to ${mail.to} -----\nSubject: ${mail.subject}\n\n${mail.text}----- end of mail -----\n\n`,
        );
      },
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ ...mail, from: mail.from ?? opts.from });
    },
    close: () => transport.close(),
  };
}
