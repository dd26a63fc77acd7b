// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SessionBookersDialog } from '../session-bookers-dialog';
import {
  buildSession,
  ME,
  pinSessionClock,
  renderWithToasts,
  routeFetch,
  sam,
  sentTo,
} from '../testing/session-fixtures';

pinSessionClock('host-token');

const ADA = '44444444-4444-4444-8444-444444444444';
// started an hour before NOW: the Members list becomes the attendance checklist
const started = buildSession({
  name: 'Morning flow',
  startTime: '2026-11-25T14:00:00.000Z',
  endTime: '2026-11-25T14:45:00.000Z',
  isOwner: true,
  capacity: 5,
  placesLeft: 3,
  bookers: [sam, { _id: ADA, name: 'Ada Park', profilePicture: null }],
});
const attendancePath = `app/facilitator/sessions/${started._id}/attendance`;
const member = (id: string, name: string, attended: boolean | null, joinedAt: string | null = null) => ({
  _id: id,
  name,
  picture: null,
  attended,
  joinedAt,
});

describe('the attendance checklist', () => {
  it('shows who joined as Attended, and marks a no-show', async () => {
    let ada = member(ADA, 'Ada Park', null);
    const fetchMock = routeFetch({
      [`GET ${attendancePath}`]: () => ({
        status: 200,
        body: { started: true, members: [member(ME, 'Sam Rivers', true, '2026-11-25T14:01:00.000Z'), ada] },
      }),
      [`POST ${attendancePath}`]: () => {
        ada = member(ADA, 'Ada Park', false);
        return { status: 200, body: ada };
      },
      [`GET app/facilitator/sessions/${started._id}/feedback`]: {
        status: 200,
        body: { average: 4.5, count: 2, comments: [{ name: 'Sam Rivers', rating: 5, comment: 'Lovely pace' }] },
      },
    });
    const { user } = renderWithToasts(<SessionBookersDialog session={started} onClose={() => {}} />);
    const samRow = await screen.findByRole('group', { name: 'Did Sam Rivers attend?' });
    expect(within(samRow).getByRole('radio', { name: 'Attended' })).toHaveProperty('checked', true);
    expect(within(samRow).getByText('Joined via the link')).toBeTruthy();
    const adaRow = screen.getByRole('group', { name: 'Did Ada Park attend?' });
    expect(within(adaRow).getByRole('radio', { name: 'Attended' })).toHaveProperty('checked', false);
    await user.click(within(adaRow).getByRole('radio', { name: 'No-show' }));
    expect(sentTo(fetchMock, `POST ${attendancePath}`)).toEqual([{ memberId: ADA, attended: false }]);
    await waitFor(() => expect(within(adaRow).getByRole('radio', { name: 'No-show' })).toHaveProperty('checked', true));
    expect(await screen.findByText('Rated 4.5 of 5 by 2 members')).toBeTruthy();
    expect(screen.getByText('Lovely pace')).toBeTruthy();
  });

  it('before the start, the Members list has Remove and no checklist', async () => {
    const upcoming = { ...started, startTime: '2026-11-26T14:00:00.000Z', endTime: '2026-11-26T15:00:00.000Z' };
    const fetchMock = routeFetch({});
    renderWithToasts(<SessionBookersDialog session={upcoming} onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: /Remove Sam Rivers/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Did Sam Rivers attend?' })).toBeNull();
    expect(sentTo(fetchMock, `GET ${attendancePath}`)).toEqual([]);
  });

  it('says when it could not load', async () => {
    routeFetch({ [`GET ${attendancePath}`]: { status: 500, body: { error: 'internal', message: 'Oops' } } });
    renderWithToasts(<SessionBookersDialog session={started} onClose={() => {}} />);
    expect(await screen.findByText('We could not load who attended.')).toBeTruthy();
  });
});
