import { describe, expect, it } from 'vitest';
import {
  canBookSession,
  canManageSession,
  canOfferSession,
  canSeeBooker,
  canSeeMeetingLink,
  canViewCalendar,
} from './policy';

/**
 * Who may do what with sessions: roles down, actions across.
 * The session is Maya's and booked by Sam.
 */
const session = { facilitatorId: 'maya', bookedBy: 'sam' };
const person = (id: string, o: { isFacilitator?: boolean; isAdmin?: boolean } = {}) => ({
  id,
  emailConfirmed: true,
  isFacilitator: o.isFacilitator ?? false,
  isAdmin: o.isAdmin ?? false,
});
const roles = {
  visitor: null,
  member: person('lee'),
  booker: person('sam'),
  'owner facilitator': person('maya', { isFacilitator: true }),
  'other facilitator': person('river', { isFacilitator: true }),
  admin: person('admin', { isAdmin: true }),
};

describe('sessions: who may do what', () => {
  it('reads as the table', () => {
    const table = Object.fromEntries(
      Object.entries(roles).map(([role, actor]) => [
        role,
        {
          offer: canOfferSession(actor),
          viewCalendar: canViewCalendar(actor, { isFacilitator: true }),
          manage: canManageSession(actor, session),
          book: canBookSession(actor, session),
          meetingLink: canSeeMeetingLink(actor, session),
          booker: canSeeBooker(actor, session),
        },
      ]),
    );
    const row = (
      offer: boolean,
      viewCalendar: boolean,
      manage: boolean,
      book: boolean,
      link: boolean,
      booker: boolean,
    ) => ({ offer, viewCalendar, manage, book, meetingLink: link, booker });
    expect(table).toEqual({
      visitor: row(false, false, false, false, false, false),
      member: row(false, true, false, true, false, false),
      booker: row(false, true, false, true, true, false),
      'owner facilitator': row(true, true, true, false, true, true),
      'other facilitator': row(true, true, false, true, false, false),
      admin: row(false, true, true, true, false, false),
    });
  });

  it('shows no calendar of someone who is not a facilitator', () => {
    expect(canViewCalendar(person('lee'), { isFacilitator: false })).toBe(false);
    expect(canViewCalendar(person('lee'), undefined)).toBe(false);
  });
});
