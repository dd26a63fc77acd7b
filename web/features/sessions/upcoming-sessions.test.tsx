// @vitest-environment jsdom
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SESSION_MESSAGES } from '@common/sessions/schemas';
import { SessionCalendar } from './session-calendar';
import { UpcomingSessions } from './upcoming-sessions';
import {
  buildSession,
  HOST,
  ME,
  OTHER_SESSION_ID,
  pinSessionClock,
  renderWithToasts,
  routeFetch,
  sentTo,
  urlsOf,
} from './testing/session-fixtures';

pinSessionClock('member-token');

const MEETING = 'https://meet.example.com/morning';
const openOwnProfile = () => renderWithToasts(<UpcomingSessions />, { path: '/profile' });
const openOwnCalendar = () => renderWithToasts(<SessionCalendar facilitatorId="own" isOwner />, { path: '/profile' });

describe("upcoming sessions (the profile's userSessions)", () => {
  it('Cancel booking says the payment comes back before the refund window, and cancels on confirm', async () => {
    // 12/03 18:00 in New York: eight days after NOW, outside a 24-hour window
    const session = buildSession({
      name: 'Evening circle',
      startTime: '2026-12-03T23:00:00.000Z',
      endTime: '2026-12-04T00:00:00.000Z',
      isBooked: true,
      bookedByMe: true,
      myBooking: 'booked',
      price: 20,
    });
    const fetchMock = routeFetch({
      'GET app/user-sessions': { status: 200, body: [session] },
      [`POST app/session/${session._id}/cancel-booking`]: { status: 200, body: { cancelled: true, refunded: true } },
    });
    const { user } = openOwnProfile();
    const card = await screen.findByRole('article', { name: 'Evening circle' });
    await user.click(within(card).getByRole('button', { name: 'Cancel booking' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel your place in Evening circle?' });
    expect(within(confirm).getByText('You will be refunded $20.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Your booking is cancelled and your payment refunded')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/session/${session._id}/cancel-booking`)).toHaveLength(1);
  });

  it('says there are none and links to Explore', async () => {
    routeFetch({ 'GET app/user-sessions': { status: 200, body: [] } });
    openOwnProfile();
    expect(await screen.findByText(SESSION_MESSAGES.noUpcoming)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore facilitators' }).getAttribute('href')).toBe('/explore');
  });

  it('lists my booked sessions with date, time, facilitator, link and Add to calendar (an .ics file)', async () => {
    const session = buildSession({ isBooked: true, bookedByMe: true, meetingUrl: MEETING, price: 20 });
    const later = buildSession({
      _id: OTHER_SESSION_ID,
      name: 'Evening, wind-down',
      startTime: '2026-12-03T23:00:00.000Z',
      endTime: '2026-12-04T00:00:00.000Z',
      isBooked: true,
      bookedByMe: true,
      meetingUrl: 'https://meet.example.com/evening',
    });
    routeFetch({ 'GET app/user-sessions': { status: 200, body: [session, later] } });
    const objectUrls: Blob[] = [];
    // jsdom has no object URLs: stand-ins, put back afterwards
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn((blob: Blob) => (objectUrls.push(blob), 'blob:session'));
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    const downloads: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    const { user } = openOwnProfile();

    const card = await screen.findByRole('article', { name: 'Morning breath' });
    expect(within(card).getByText('Thursday, 11/26/2026')).toBeTruthy();
    expect(within(card).getByText(/^09:00–10:00 \S+$/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Maya Host' }).getAttribute('href')).toBe(`/profile/${HOST}`);
    const link = within(card).getByRole('link', { name: 'Open session link' });
    expect(link.getAttribute('href')).toBe(MEETING);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // soonest first, as the server sends them
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Morning breath',
      'Evening, wind-down',
    ]);

    await user.click(
      within(screen.getByRole('article', { name: 'Evening, wind-down' })).getByRole('button', {
        name: 'Add to calendar',
      }),
    );
    expect(downloads).toEqual([{ href: 'blob:session', download: 'evening-wind-down.ics' }]);
    expect(objectUrls[0]!.type).toBe('text/calendar;charset=utf-8');
    const ics = await objectUrls[0]!.text();
    expect(ics).toContain('SUMMARY:Evening\\, wind-down\r\n');
    expect(ics).toContain('DTSTART:20261203T230000Z\r\n');
    // the same UID as the invitation mails: the session id at this site's host
    expect(ics).toContain(`UID:${OTHER_SESSION_ID}@${window.location.host}\r\n`);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:session'));
  });

  it('offers Try again when my sessions cannot be loaded', async () => {
    routeFetch({ 'GET app/user-sessions': { status: 500 } });
    openOwnProfile();
    expect(await screen.findByText('We could not load your sessions.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe("a facilitator's own calendar", () => {
  it('shows the own sessions (app/facilitator/own/sessions) with the owner tools', async () => {
    const fetchMock = routeFetch({
      'GET auth/whoami': {
        status: 200,
        body: { isLoggedIn: true, streak: 1, id: ME, name: 'Maya Host', isFacilitator: true },
      },
      'GET app/facilitator/own/sessions': { status: 200, body: [buildSession({ isOwner: true, meetingUrl: MEETING })] },
    });
    openOwnCalendar();
    expect(await screen.findByRole('article', { name: 'Morning breath' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add session' })).toBeTruthy();
    expect(urlsOf(fetchMock, 'app/facilitator/own/sessions')).toHaveLength(1);
    expect(urlsOf(fetchMock, 'app/user-sessions')).toHaveLength(0);
  });
});
