// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { routeFetch, sentTo } from '@web/testing/route-fetch';
import { BlockedPeopleSection, NOBODY_BLOCKED_TEXT } from './blocked-people-section';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LEE = '7b7b7b7b-1111-4222-8333-444455556666';
const lee = {
  _id: LEE,
  name: 'Lee',
  profilePicture: null,
  isFacilitator: false,
  blockedAt: '2026-12-01T10:00:00.000Z',
};

describe('Settings → Blocked people', () => {
  it('lists whom I block and unblocks one, then says nobody is blocked', async () => {
    let blocked = [lee];
    const fetchMock = routeFetch({
      'GET app/blocks': () => ({ status: 200, body: { blocked } }),
      [`DELETE app/block/${LEE}`]: () => {
        blocked = [];
        return { status: 200, body: { user: LEE, blocked: false } };
      },
    });
    const { user } = renderPage(<BlockedPeopleSection />);
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(within(list).getByText('Lee')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Unblock Lee' }));
    expect(await screen.findByText(NOBODY_BLOCKED_TEXT)).toBeTruthy();
    expect(sentTo(fetchMock, `DELETE app/block/${LEE}`)).toHaveLength(1);
  });

  it('offers a retry when the list cannot be read', async () => {
    routeFetch({
      'GET app/blocks': { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } },
    });
    renderPage(<BlockedPeopleSection />);
    expect(await screen.findByText('We could not load the people you blocked.')).toBeTruthy();
  });
});
