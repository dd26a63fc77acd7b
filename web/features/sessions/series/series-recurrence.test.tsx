// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SessionCalendar } from '../session-calendar';
import {
  buildSession,
  HOST,
  OTHER_SESSION_ID,
  pinSessionClock,
  renderWithToasts,
  routeFetch,
} from '../testing/session-fixtures';

pinSessionClock('member-token');

describe('a session of a series in its details dialog', () => {
  it('says how the series repeats; a single session says nothing of it', async () => {
    routeFetch({
      [`GET app/facilitator/${HOST}/sessions`]: {
        status: 200,
        body: [
          buildSession({
            name: 'Morning flow',
            seriesId: '99999999-9999-4999-8999-999999999999',
            recurrence: 'Weekly on Mon, Wed, until 03/30/2027',
          }),
          buildSession({
            _id: OTHER_SESSION_ID,
            name: 'One off',
            startTime: '2026-11-27T14:00:00.000Z',
            endTime: '2026-11-27T15:00:00.000Z',
          }),
        ],
      },
    });
    const { user } = renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={false} />);
    await user.click(await screen.findByRole('button', { name: /Morning flow/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Morning flow' });
    expect(within(dialog).getByText('Weekly on Mon, Wed, until 03/30/2027')).toBeTruthy();
    expect(within(dialog).getByText(/Repeats:/)).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: /One off/ }));
    const other = await screen.findByRole('dialog', { name: 'One off' });
    expect(within(other).queryByText(/Repeats:/)).toBeNull();
  });
});
