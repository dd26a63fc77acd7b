import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { linkIn } from '../../test/mailbox';

const REFUSED = 'gone@example.test';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { refuse: (address) => address === REFUSED });
});
afterAll(() => t.close());

describe('account mails', () => {
  it('are sent in the site brand with an HTML and a plain-text part saying why the member gets them', async () => {
    const { user, token } = await buildUser(t.db, { emailConfirmed: false });
    const res = await call(t.app, 'GET', '/api/app/send-confirm', undefined, token);
    expect(res.statusCode).toBe(200);
    const mail = await t.mailbox.latest(user.email, /confirmation code/);
    expect(mail.subject).toMatch(/^Your Tend confirmation code: [0-9A-Z]{4}$/);
    expect(mail.html).toContain('<html');
    expect(mail.html).toContain('#15803d'); // the accent colour
    expect(mail.text).toContain('Welcome to Tend!');
    expect(mail.text).toContain('You get this email from Tend because');
    expect(linkIn(mail).pathname).toBe('/confirm-email');
    expect(mail.from).toContain('Tend');
    // account mails are not a list: nothing to unsubscribe from
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
  });

  it('use the name, colour and sender set in Site settings', async () => {
    await t.db
      .update(siteSettings)
      .set({
        siteName: 'Stillwater',
        accentColor: '#7c2d12',
        senderName: 'Stillwater Team',
        senderAddress: 'hello@stillwater.test',
      })
      .where(eq(siteSettings.id, 1));
    try {
      const { user, token } = await buildUser(t.db, { emailConfirmed: false });
      await call(t.app, 'GET', '/api/app/send-confirm', undefined, token);
      const mail = await t.mailbox.latest(user.email, /confirmation code/);
      expect(mail.subject).toMatch(/^Your Stillwater confirmation code/);
      expect(mail.from).toBe('"Stillwater Team" <hello@stillwater.test>');
      expect(mail.html).toContain('#7c2d12');
      expect(mail.text).not.toContain('Tend');
    } finally {
      await t.db
        .update(siteSettings)
        .set({ siteName: 'Tend', accentColor: '#15803d', senderName: '', senderAddress: '' })
        .where(eq(siteSettings.id, 1));
    }
  });

  it('a permanent SMTP refusal of a code mail answers 502 email_not_sent instead of sent', async () => {
    const { token } = await buildUser(t.db, { email: REFUSED, emailConfirmed: false });
    const res = await call(t.app, 'GET', '/api/app/send-confirm', undefined, token);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'email_not_sent', message: 'We could not send the email, try again.' });
  });
});
