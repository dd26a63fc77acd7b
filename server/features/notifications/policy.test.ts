import { describe, expect, it } from 'vitest';
import { canChooseEmails, canUnsubscribeWith, canViewNotification } from './policy';

/** Who may see or mark a notification: roles down, actions across. */
const notice = { userId: 'sam' };
const roles = {
  visitor: null,
  addressee: { id: 'sam', isAdmin: false, emailConfirmed: true },
  'another member': { id: 'lee', isAdmin: false, emailConfirmed: true },
  admin: { id: 'admin', isAdmin: true, emailConfirmed: true },
};

describe('notifications: who may do what', () => {
  it('reads as the table', () => {
    const table = Object.fromEntries(
      Object.entries(roles).map(([role, actor]) => [
        role,
        { view: canViewNotification(actor, notice), chooseEmails: canChooseEmails(actor) },
      ]),
    );
    expect(table).toEqual({
      visitor: { view: false, chooseEmails: false },
      addressee: { view: true, chooseEmails: true },
      'another member': { view: false, chooseEmails: true },
      admin: { view: false, chooseEmails: true },
    });
  });
});

describe('one-click unsubscribe: the signed link is the permission', () => {
  it('allows a link that was read, whoever asks, and refuses one that was not', () => {
    expect(canUnsubscribeWith({ userId: 'sam', type: 'heart' })).toBe(true);
    expect(canUnsubscribeWith(null)).toBe(false);
  });
});
