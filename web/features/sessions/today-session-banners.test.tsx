// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { TodaySessionBanners } from './today-session-banners';
import { buildSession, OTHER_SESSION_ID, pinSessionClock, routeFetch } from './testing/session-fixtures';

pinSessionClock('member-token');

const booked = { isBooked: true, bookedByMe: true };

describe('TodaySessionBanners (Member daily practice dashboard)', () => {
  it("shows one banner per booked session starting today (the viewer's day), with its link", async () => {
    routeFetch({
      'GET app/user-sessions': {
        status: 200,
        body: [
          // 18:30 in New York, on Wednesday 25 November (already the 26th in UTC)
          buildSession({
            ...booked,
            name: 'Evening sit',
            startTime: '2026-11-25T23:30:00.000Z',
            endTime: '2026-11-26T00:30:00.000Z',
            meetingUrl: 'https://meet.example.com/evening',
          }),
          // tomorrow morning
          buildSession({
            ...booked,
            _id: OTHER_SESSION_ID,
            name: 'Morning breath',
            meetingUrl: 'https://meet.example.com/morning',
          }),
        ],
      },
    });
    renderPage(<TodaySessionBanners />);

    const banners = within(await screen.findByRole('list', { name: "Today's sessions" })).getAllByRole('listitem');
    expect(banners).toHaveLength(1);
    expect(within(banners[0]!).getByText('Session with Maya Host today at 18:30')).toBeTruthy();
    expect(within(banners[0]!).getByRole('link', { name: 'Open session link' }).getAttribute('href')).toBe(
      'https://meet.example.com/evening',
    );
    expect(screen.queryByText('Morning breath')).toBeNull();
  });

  it.each([
    ['without a session today', { status: 200, body: [buildSession(booked)] }],
    ['when the call fails', { status: 500 }],
  ])('shows nothing %s', async (_, answer) => {
    const fetchMock = routeFetch({ 'GET app/user-sessions': answer });
    const { queryClient } = renderPage(<TodaySessionBanners />);
    await vi.waitFor(() => expect(queryClient.getQueryState(['sessions', 'mine'])?.status).not.toBe('pending'));
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
