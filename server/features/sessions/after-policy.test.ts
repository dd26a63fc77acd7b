import { describe, expect, it } from 'vitest';
import { canJoinSession, canMarkAttendance, canRateSession, canSeeFeedback } from './policy';

/** After a session, who may do what: the session is Maya's; Sam booked and attended, Ann booked and did not. */
const session = { facilitatorId: 'maya' };
const person = (id: string, o: { isAdmin?: boolean } = {}) => ({
  id,
  emailConfirmed: true,
  isFacilitator: id === 'maya' || id === 'river',
  isAdmin: o.isAdmin ?? false,
});
const roles = {
  visitor: null,
  member: person('lee'),
  attendee: person('sam'),
  'no-show': person('ann'),
  'owner facilitator': person('maya'),
  'other facilitator': person('river'),
  admin: person('admin', { isAdmin: true }),
};
const bookings: Record<string, { memberId: string; attended: boolean | null }> = {
  sam: { memberId: 'sam', attended: true },
  ann: { memberId: 'ann', attended: false },
};
const seenBy = (actor: { id: string } | null) => ({
  ...session,
  myBooking: actor && bookings[actor.id] ? ('booked' as const) : null,
});

describe('after a session: who may do what', () => {
  const table = Object.entries(roles).map(([role, actor]) => ({
    role,
    markAttendance: canMarkAttendance(actor, session),
    join: canJoinSession(actor, seenBy(actor)),
    rate: canRateSession(actor, actor ? bookings[actor.id] : undefined),
    seeFeedback: canSeeFeedback(actor, session),
  }));
  it('reads as the table of rights', () => {
    expect(table).toEqual([
      { role: 'visitor', markAttendance: false, join: false, rate: false, seeFeedback: false },
      { role: 'member', markAttendance: false, join: false, rate: false, seeFeedback: false },
      { role: 'attendee', markAttendance: false, join: true, rate: true, seeFeedback: false },
      { role: 'no-show', markAttendance: false, join: true, rate: false, seeFeedback: false },
      { role: 'owner facilitator', markAttendance: true, join: true, rate: false, seeFeedback: true },
      { role: 'other facilitator', markAttendance: false, join: false, rate: false, seeFeedback: false },
      { role: 'admin', markAttendance: true, join: false, rate: false, seeFeedback: true },
    ]);
  });
});
