import { describe, expect, it } from 'vitest';
import { mailGivesWayToPush } from './mail-rule';

const at = (iso: string) => new Date(iso);
const pushed = at('2026-06-01T10:00:00Z');

describe('push or mail: one event never reaches a member both ways within the hour unless they chose both', () => {
  it('skips the mail of an event whose push was delivered, for a default email setting', () => {
    expect(
      mailGivesWayToPush({ pushDeliveredAt: pushed, chosenEmail: undefined, mailAt: at('2026-06-01T10:01:00Z') }),
    ).toBe(true);
  });

  it("sends it when the member set 'Immediately' themselves: they chose both", () => {
    expect(
      mailGivesWayToPush({ pushDeliveredAt: pushed, chosenEmail: 'immediately', mailAt: at('2026-06-01T10:01:00Z') }),
    ).toBe(false);
  });

  it('sends it when no push service took the push', () => {
    expect(
      mailGivesWayToPush({ pushDeliveredAt: null, chosenEmail: undefined, mailAt: at('2026-06-01T10:01:00Z') }),
    ).toBe(false);
  });

  it('sends it when it goes out an hour or more after the push (a mail held up that long is news again)', () => {
    expect(
      mailGivesWayToPush({ pushDeliveredAt: pushed, chosenEmail: undefined, mailAt: at('2026-06-01T10:59:59Z') }),
    ).toBe(true);
    expect(
      mailGivesWayToPush({ pushDeliveredAt: pushed, chosenEmail: undefined, mailAt: at('2026-06-01T11:00:00Z') }),
    ).toBe(false);
  });

  it("an explicit 'Off' is not a choice of email: nothing is mailed anyway, and push is not held back", () => {
    expect(mailGivesWayToPush({ pushDeliveredAt: pushed, chosenEmail: 'off', mailAt: pushed })).toBe(true);
  });
});
