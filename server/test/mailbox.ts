import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  /** the HTML part ('' when the mail had none) */
  html: string;
  from: string;
  /** header names in lower case, values as sent (unfolded) */
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: string }[];
};

/**
 * A real SMTP server inside the test process: the app sends through nodemailer over SMTP_URL
 * and the test reads what actually arrived.
 */
export async function startMailbox(options: { refuse?: (address: string) => boolean } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // a receiving server that has no such mailbox answers 550 for good
      if (options.refuse?.(address.address.toLowerCase())) {
        return callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const rcpt of session.envelope.rcptTo) {
            received.push({
              to: rcpt.address.toLowerCase(),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              from: mail.from?.text ?? '',
              headers: Object.fromEntries(
                mail.headerLines.map((h) => [
                  h.key,
                  h.line
                    .slice(h.key.length + 1)
                    .replace(/\r?\n[ \t]+/g, ' ')
                    .trim(),
                ]),
              ),
              attachments: mail.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                content: a.content.toString('utf8'),
              })),
            });
          }
          waiters.splice(0).forEach((w) => w());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The newest mail to `to` (optionally matching a subject), waiting up to 5 s for it. */
    async latest(to: string, subject?: RegExp): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = [...received]
          .reverse()
          .find((m) => m.to === to.toLowerCase() && (!subject || subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to}${subject ? ` matching ${subject}` : ''}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    count: (to: string) => received.filter((m) => m.to === to.toLowerCase()).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 4-character code in a confirmation or sign-in mail. */
export const codeIn = (mail: ReceivedMail) => {
  const m = mail.text.match(/^\s*([0-9A-Z]{4})\s*$/m);
  if (!m) throw new Error(`No code in mail: ${mail.text}`);
  return m[1]!;
};
export const linkIn = (mail: ReceivedMail) => {
  const m = mail.text.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`No link in mail: ${mail.text}`);
  return new URL(m[0]);
};
