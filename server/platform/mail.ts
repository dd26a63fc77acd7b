import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };
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
      await transport.sendMail({ from: opts.from, ...mail });
    },
    close: () => transport.close(),
  };
}
