// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { checkoutRedirect } from './checkout-redirect';
import { SessionCalendar } from './session-calendar';
import { buildSession, HOST, pinSessionClock, renderWithToasts, routeFetch } from './testing/session-fixtures';

pinSessionClock('member-token');

const SESSIONS = `GET app/facilitator/${HOST}/sessions`;

/** The Idempotency-Key of each call to `POST path`, in order. */
const keysSentTo = (fetchMock: ReturnType<typeof routeFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url) === `/api/${path}`)
    .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);

async function pressTwice(name: string, button: string) {
  const page = renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={false} />);
  await page.user.click(await screen.findByRole('button', { name: new RegExp(name) }));
  const dialog = await screen.findByRole('dialog', { name });
  await page.user.click(within(dialog).getByRole('button', { name: button }));
  await within(dialog).findByRole('alert');
  await page.user.click(within(dialog).getByRole('button', { name: button }));
}

/** Fails the first call as a lost connection would, then answers. */
const lostThen = (answer: { status: number; body: unknown }) => {
  let calls = 0;
  return () => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : answer);
};

describe('Book pressed again after a lost answer (no duplicates)', () => {
  it('a free booking is retried with the same Idempotency-Key', async () => {
    const session = buildSession();
    const booked = { ...session, isBooked: true, bookedByMe: true, meetingUrl: 'https://meet.example.com/m' };
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [session] },
      'POST app/book-free-session': lostThen({ status: 200, body: { session: booked, meetingUrl: booked.meetingUrl } }),
    });
    await pressTwice('Morning breath', 'Book');
    await screen.findByRole('link', { name: 'Open session link' });
    const [first, retry] = keysSentTo(fetchMock, 'app/book-free-session');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
  });

  it("a paid session's checkout is retried with the same Idempotency-Key", async () => {
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => undefined);
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [buildSession({ price: 25 })] },
      'POST app/session/create-checkout-session': lostThen({ status: 200, body: { url: '/test-mode/checkout/cs_1' } }),
    });
    await pressTwice('Morning breath', 'Book for $25');
    await waitFor(() => expect(go).toHaveBeenCalledWith('/test-mode/checkout/cs_1'));
    const [first, retry] = keysSentTo(fetchMock, 'app/session/create-checkout-session');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
  });
});
