// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { SessionCalendar } from './session-calendar';
import {
  buildSession,
  HOST,
  OTHER_SESSION_ID,
  pinSessionClock,
  renderWithToasts,
  routeFetch,
  sam,
  sentTo,
  SESSION_ID,
} from './testing/session-fixtures';

pinSessionClock('member-token');

const SESSIONS = `GET app/facilitator/${HOST}/sessions`;
const openCalendar = (isOwner = false) => renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={isOwner} />);
/** A group session of 12 places, paid, tomorrow 09:00 in New York (23 hours after NOW). */
const group = (overrides: Parameters<typeof buildSession>[0] = {}) =>
  buildSession({ name: 'Group breath', price: 25, capacity: 12, placesLeft: 3, cancellationHours: 24, ...overrides });

describe('the waitlist of a full group session', () => {
  it('Join waitlist in its dialog shows my position, on the slot too once the calendar reloads; Leave waitlist leaves', async () => {
    let inLine = false;
    const fetchMock = routeFetch({
      [SESSIONS]: () => ({
        status: 200,
        body: [
          group({
            _id: OTHER_SESSION_ID,
            name: 'Full circle',
            placesLeft: 0,
            isBooked: true,
            waitlist: inLine ? { position: 2, offeredUntil: null } : null,
          }),
        ],
      }),
      [`POST app/session/${OTHER_SESSION_ID}/waitlist`]: () => {
        inLine = true;
        return { status: 200, body: { waitlist: { position: 2, offeredUntil: null } } };
      },
      [`POST app/session/${OTHER_SESSION_ID}/leave-waitlist`]: () => {
        inLine = false;
        return { status: 200, body: { left: true } };
      },
    });
    const { user } = openCalendar();
    await user.click(await screen.findByRole('button', { name: /Full circle/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Full circle' });
    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));
    expect(await within(dialog).findByText('You are 2nd on the waitlist')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/session/${OTHER_SESSION_ID}/waitlist`)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Leave waitlist' }));
    expect(await within(dialog).findByRole('button', { name: 'Join waitlist' })).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/session/${OTHER_SESSION_ID}/leave-waitlist`)).toHaveLength(1);
  });
});

describe('the waitlist of a one-to-one session booked by someone else', () => {
  it('its slot reads Booked · Join waitlist, and joining in its dialog shows my position', async () => {
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [buildSession({ name: 'Taken one', isBooked: true, placesLeft: 0 })] },
      [`POST app/session/${SESSION_ID}/waitlist`]: {
        status: 200,
        body: { waitlist: { position: 1, offeredUntil: null } },
      },
    });
    const { user } = openCalendar();
    const slot = await screen.findByRole('button', { name: /Taken one/ });
    expect(within(slot).getByText('Booked · Join waitlist')).toBeTruthy();
    await user.click(slot);
    const dialog = await screen.findByRole('dialog', { name: 'Taken one' });
    expect(within(dialog).queryByRole('button', { name: /^Book/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));
    expect(await within(dialog).findByText('You are 1st on the waitlist')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/session/${SESSION_ID}/waitlist`)).toHaveLength(1);
  });
});

describe('places left (member calendar and session dialog)', () => {
  it("shows '3 of 12 places left' on the slot and in the dialog, 'Full' on a full one, nothing on a one-to-one", async () => {
    routeFetch({
      [SESSIONS]: {
        status: 200,
        body: [
          group(),
          group({ _id: OTHER_SESSION_ID, name: 'Full circle', placesLeft: 0, isBooked: true }),
          buildSession({ _id: '33333333-3333-4333-8333-333333333333', name: 'One to one' }),
        ],
      },
    });
    const { user } = openCalendar();
    const open = await screen.findByRole('button', { name: /Group breath/ });
    expect(within(open).getByText('3 of 12 places left')).toBeTruthy();
    const full = screen.getByRole('button', { name: /Full circle/ });
    expect(within(full).getByText('Full · Join waitlist')).toBeTruthy();
    expect(full.getAttribute('aria-disabled')).toBeNull();
    const oneToOne = screen.getByRole('button', { name: /One to one/ });
    expect(within(oneToOne).queryByText(/places left/)).toBeNull();

    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Group breath' });
    expect(within(dialog).getByText('Places')).toBeTruthy();
    expect(within(dialog).getByText('3 of 12 places left')).toBeTruthy();
    expect(within(dialog).getByText('Cancel at least 24 hours before it starts for a full refund.')).toBeTruthy();
  });

  it('cancelling my place inside the refund window says before confirming that nothing is refunded', async () => {
    const fetchMock = routeFetch({
      [SESSIONS]: {
        status: 200,
        body: [group({ bookedByMe: true, myBooking: 'booked', meetingUrl: 'https://meet.example.com/g' })],
      },
      [`POST app/session/${SESSION_ID}/cancel-booking`]: { status: 200, body: { cancelled: true, refunded: false } },
    });
    const { user } = openCalendar();
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group breath' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(
      within(dialog).getByText('It starts in less than 24 hours, so your payment of $25 will not be refunded.'),
    ).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/session/${SESSION_ID}/cancel-booking`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Your booking is cancelled')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/session/${SESSION_ID}/cancel-booking`)).toHaveLength(1);
  });

  it('before the window, the dialog promises the refund', async () => {
    routeFetch({
      [SESSIONS]: {
        status: 200,
        body: [group({ bookedByMe: true, myBooking: 'booked', cancellationHours: 12 })],
      },
    });
    const { user } = openCalendar();
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group breath' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(within(dialog).getByText('You will be refunded $25.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my place' }));
    expect(within(dialog).queryByText('You will be refunded $25.')).toBeNull();
  });
});

describe('Capacity and refund window (session form)', () => {
  it("starts from one place and the facilitator's usual window, and sends what the facilitator typed", async () => {
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [] },
      'GET app/facilitator/session-defaults': { status: 200, body: { capacity: 1, cancellationHours: 12 } },
      'POST app/facilitator/sessions': (body) => ({
        status: 200,
        body: buildSession({ ...(body as object), isOwner: true }),
      }),
    });
    const { user } = openCalendar(true);
    await user.click(await screen.findByRole('button', { name: 'Add session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add session' });
    const capacity = within(dialog).getByRole('spinbutton', { name: 'Capacity' }) as HTMLInputElement;
    const window = within(dialog).getByRole('spinbutton', { name: 'Refund window (hours)' }) as HTMLInputElement;
    expect(capacity.value).toBe('1');
    expect(await within(dialog).findByDisplayValue('12')).toBe(window);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Circle');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Price (USD)' }), '0');
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '2026-12-01T18:30' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Meeting link' }), 'https://meet.example.com/c');
    await user.clear(capacity);
    await user.type(capacity, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    expect(await within(dialog).findByText('A session has at least 1 place')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/facilitator/sessions')).toEqual([]);

    await user.clear(capacity);
    await user.type(capacity, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    expect(await screen.findByText('Session added')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/facilitator/sessions')).toEqual([
      expect.objectContaining({ name: 'Circle', capacity: 12, cancellationHours: 12 }),
    ]);
  });
});

describe('booked members (facilitator)', () => {
  it('lists who booked a group session and removes one, saying they will be refunded', async () => {
    const ann = { _id: '44444444-4444-4444-8444-444444444444', name: 'Ann Lake', profilePicture: null };
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [group({ isOwner: true, bookers: [sam, ann], placesLeft: 10 })] },
      [`POST app/facilitator/sessions/${SESSION_ID}/remove-booking`]: {
        status: 200,
        body: { removed: true, refunded: true },
      },
    });
    const { user } = openCalendar(true);
    expect(await screen.findByText('2 of 12 booked')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Booked members of Group breath' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booked members of Group breath' });
    const list = within(dialog).getByRole('list', { name: 'Booked members' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Sam Rivers'), expect.stringContaining('Ann Lake')]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Ann Lake' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Ann Lake' });
    expect(within(confirm).getByText('Ann Lake will be told, and refunded $25.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Ann Lake was removed')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/facilitator/sessions/${SESSION_ID}/remove-booking`)).toEqual([
      { memberId: ann._id },
    ]);
  });
});
