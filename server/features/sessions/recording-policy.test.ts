import { describe, expect, it } from 'vitest';
import { canViewContent } from '../content/policy';
import { canAttachRecording, fitsRecording } from './policy';

/** A session's recording, who may do what: the session is Maya's, Sam booked it. */
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
  booker: person('sam'),
  'owner facilitator': person('maya'),
  'other facilitator': person('river'),
  admin: person('admin', { isAdmin: true }),
};
/** What library.ts releasedAmong answers for each: released (here only by Sam's booking). */
const released = (actor: { id: string } | null) => actor?.id === 'sam';

describe('a session recording: who may do what', () => {
  it('reads as the table of rights', () => {
    const item = { userId: 'maya' };
    const table = Object.entries(roles).map(([role, actor]) => ({
      role,
      attach: canAttachRecording(actor, session),
      watch: canViewContent(actor, item, { released: released(actor) }),
    }));
    expect(table).toEqual([
      { role: 'visitor', attach: false, watch: false },
      { role: 'member', attach: false, watch: false },
      { role: 'booker', attach: false, watch: true },
      { role: 'owner facilitator', attach: true, watch: true },
      { role: 'other facilitator', attach: false, watch: false },
      { role: 'admin', attach: true, watch: true },
    ]);
  });

  it("a recording is the session facilitator's own item, shared only with their own tier", () => {
    expect(fitsRecording(session, { userId: 'maya' })).toBe(true);
    expect(fitsRecording(session, { userId: 'river' })).toBe(false);
  });
});
