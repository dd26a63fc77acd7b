import { describe, expect, it } from 'vitest';
import {
  canBookSession,
  canCancelBooking,
  canManageSession,
  canOfferSession,
  canRemoveBooker,
  canSeeBooker,
  canSeeMeetingLink,
  canViewCalendar,
  creditBookingRefusal,
  refundsOnCancel,
  returnsCreditOnCancel,
} from './policy';

/**
 * Who may do what with sessions: roles down, actions across.
 * The session is Maya's and booked by Sam.
 */
const session = { facilitatorId: 'maya' };
/** The session as each viewer loads it: their own place in it, if they have one. */
const seenBy = (actor: { id: string } | null) => ({
  ...session,
  myBooking: actor?.id === 'sam' ? ('booked' as const) : null,
});
const samsBooking = { memberId: 'sam' };
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
          meetingLink: canSeeMeetingLink(actor, seenBy(actor)),
          booker: canSeeBooker(actor, session),
          cancelSamsPlace: canCancelBooking(actor, samsBooking),
          removeBooker: canRemoveBooker(actor, session),
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
      cancelSamsPlace: boolean,
      removeBooker: boolean,
    ) => ({ offer, viewCalendar, manage, book, meetingLink: link, booker, cancelSamsPlace, removeBooker });
    expect(table).toEqual({
      visitor: row(false, false, false, false, false, false, false, false),
      member: row(false, true, false, true, false, false, false, false),
      booker: row(false, true, false, true, true, false, true, false),
      'owner facilitator': row(true, true, true, false, true, true, false, true),
      'other facilitator': row(true, true, false, true, false, false, false, false),
      admin: row(false, true, true, true, false, false, false, true),
    });
  });

  it('refunds a paid place cancelled by the member before the window, never one inside it; the facilitator always refunds', () => {
    const now = new Date('2026-11-20T09:00:00Z');
    const startsIn = (hours: number) => ({
      startTime: new Date(now.getTime() + hours * 3_600_000),
      cancellationHours: 24,
    });
    const paid = { paymentId: 'pi_1' };
    expect(refundsOnCancel(startsIn(25), paid, 'member', now)).toBe(true);
    expect(refundsOnCancel(startsIn(24), paid, 'member', now)).toBe(true);
    expect(refundsOnCancel(startsIn(23), paid, 'member', now)).toBe(false);
    expect(refundsOnCancel(startsIn(1), paid, 'facilitator', now)).toBe(true);
    expect(refundsOnCancel(startsIn(48), { paymentId: null }, 'member', now)).toBe(false);
    expect(refundsOnCancel(startsIn(48), { paymentId: null }, 'facilitator', now)).toBe(false);
  });

  it('shows no calendar of someone who is not a facilitator', () => {
    expect(canViewCalendar(person('lee'), { isFacilitator: false })).toBe(false);
    expect(canViewCalendar(person('lee'), undefined)).toBe(false);
  });
});

describe('session credits', () => {
  const member = person('sam');
  const mayasTier = { facilitator: { id: 'maya' }, seriesIds: [] as string[] };
  const onlyMornings = { facilitator: { id: 'maya' }, seriesIds: ['mornings'] };
  const slot = { facilitatorId: 'maya', seriesId: null as string | null };

  it('book with a credit: a subscriber to a tier with credits of that facilitator, for a session it covers', () => {
    expect(creditBookingRefusal(member, slot, [mayasTier])).toBeNull();
    expect(creditBookingRefusal(null, slot, [mayasTier])).toBe('signed_out');
    expect(creditBookingRefusal(person('maya'), slot, [mayasTier])).toBe('own_session');
    expect(creditBookingRefusal(member, slot, [])).toBe('credits_subscribers_only');
    expect(creditBookingRefusal(member, { facilitatorId: 'lee', seriesId: null }, [mayasTier])).toBe(
      'credits_subscribers_only',
    );
    expect(creditBookingRefusal(member, slot, [onlyMornings])).toBe('credit_not_for_session');
    expect(creditBookingRefusal(member, { ...slot, seriesId: 'mornings' }, [onlyMornings])).toBeNull();
  });

  it('a credit comes back on the terms of a refund', () => {
    const now = new Date('2027-03-01T12:00:00Z');
    const startsIn = (hours: number) => ({
      startTime: new Date(now.getTime() + hours * 3_600_000),
      cancellationHours: 24,
    });
    const credited = { creditSubscriptionId: 'sub' };
    expect(returnsCreditOnCancel(startsIn(24), credited, 'member', now)).toBe(true);
    expect(returnsCreditOnCancel(startsIn(23), credited, 'member', now)).toBe(false);
    expect(returnsCreditOnCancel(startsIn(1), credited, 'facilitator', now)).toBe(true);
    expect(returnsCreditOnCancel(startsIn(48), { creditSubscriptionId: null }, 'member', now)).toBe(false);
  });
});
