// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { buildProfile, MAYA, ME, openProfile, routeFetch, sam } from './testing/profile-fixtures';

resetPageBetweenTests({ token: 'member-token' });

const tabNames = async () => (await screen.findAllByRole('tab')).map((tab) => tab.textContent);
const selected = () =>
  screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;
const maya = { [`GET app/facilitator/${MAYA}`]: { status: 200, body: buildProfile() } };
const own = { 'GET app/facilitator/own': { status: 200, body: sam } };

const notification = (n: number, viewed: boolean) => ({
  _id: `n${n}`,
  message: `Notice ${n}`,
  link: '/feed',
  viewed,
  createdAt: new Date().toISOString(),
});

describe('Profile tabs', () => {
  it('a facilitator seen by a member: Plans (first), Feed, Groups, Sessions; no Notifications', async () => {
    routeFetch(maya);
    openProfile();
    expect(await tabNames()).toEqual(['Plans', 'Feed', 'Groups', 'Sessions']);
    expect(selected()).toBe('Plans');
    expect(await screen.findByText('No Plans Available')).toBeTruthy();
  });

  it('a member seen by another member: Feed and Groups only (never their bookings)', async () => {
    routeFetch({ [`GET app/facilitator/${MAYA}`]: { status: 200, body: buildProfile({ isFacilitator: false }) } });
    openProfile();
    expect(await tabNames()).toEqual(['Feed', 'Groups']);
  });

  it('my own member profile: Feed (first), Groups, Sessions (upcoming), Notifications with the unviewed count', async () => {
    routeFetch({
      ...own,
      'GET app/notifications': {
        status: 200,
        body: [notification(1, false), notification(2, false), notification(3, true)],
      },
    });
    const { user } = openProfile('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Rivers' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Notifications\s*\(2 unviewed\)$/ })).toBeTruthy());
    expect((await tabNames()).slice(0, 3)).toEqual(['Feed', 'Groups', 'Sessions']);
    expect(selected()).toBe('Feed');
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/settings');

    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Upcoming sessions' })).toBeTruthy();
    expect(
      await screen.findByText('No upcoming sessions. Explore facilitators to view available sessions'),
    ).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: /^Notifications/ }));
    expect(await screen.findByText('Notice 1')).toBeTruthy();
  });

  it('my own profile, opened as /profile/{my id}, is own too', async () => {
    routeFetch({ [`GET app/facilitator/${ME}`]: { status: 200, body: sam } });
    openProfile(`/profile/${ME}`);
    expect(await tabNames()).toEqual(['Feed', 'Groups', 'Sessions', 'Notifications']);
  });

  it('the selected tab is in the URL (?tab=)', async () => {
    routeFetch(maya);
    const { user } = openProfile(`/profile/${MAYA}?tab=groups`);
    await screen.findAllByRole('tab');
    expect(selected()).toBe('Groups');
    await user.click(screen.getByRole('tab', { name: 'Feed' }));
    expect(selected()).toBe('Feed');
  });
});

describe('Empty profile tabs', () => {
  it("'No Posts Available' and 'No Groups Available'", async () => {
    routeFetch(maya);
    const { user } = openProfile();
    await user.click(await screen.findByRole('tab', { name: 'Feed' }));
    expect(await screen.findByText('No Posts Available')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    expect(await screen.findByText('No Groups Available')).toBeTruthy();
  });

  it("a facilitator's Sessions tab shows their week, without owner controls for others", async () => {
    routeFetch(maya);
    const { user } = openProfile();
    await user.click(await screen.findByRole('tab', { name: 'Sessions' }));
    expect(await screen.findByText('No sessions available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add session' })).toBeNull();
  });
});

describe('Back from a session checkout', () => {
  const SESSION_ID = '5e551011-0000-4000-8000-000000000001';

  it('?session_booked toasts and opens the Sessions tab', async () => {
    routeFetch(maya);
    openProfile(`/profile/${MAYA}?session_booked=${SESSION_ID}`);
    expect(await screen.findByText('Payment received — your session is booked')).toBeTruthy();
    await waitFor(() => expect(selected()).toBe('Sessions'));
  });

  it('?session_cancelled toasts', async () => {
    routeFetch(maya);
    openProfile(`/profile/${MAYA}?session_cancelled=${SESSION_ID}`);
    expect(await screen.findByText('Checkout cancelled')).toBeTruthy();
  });
});
