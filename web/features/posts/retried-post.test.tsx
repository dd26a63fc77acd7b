// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { PostComposer } from './post-composer';
import { buildPost, ME, routeFetch } from './testing/post-fixtures';

resetPageBetweenTests({ token: 'token' });

/** The Idempotency-Key of each call to `METHOD path`, in order. */
const keysSentTo = (fetchMock: ReturnType<typeof routeFetch>, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace(/^\/api\//, '')}` === key)
    .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);

describe('Post pressed again after a lost answer (no duplicates)', () => {
  it('sends the same Idempotency-Key for the retry, and a new one for the next post', async () => {
    let calls = 0;
    const created = buildPost({ user: { _id: ME, name: 'Me', profilePicture: null, isFacilitator: false } });
    const fetchMock = routeFetch({
      'POST app/post': () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return { status: 200, body: created };
      },
    });
    const { user } = renderPage(<PostComposer />);
    const box = screen.getByLabelText('Share something with the community');
    await user.type(box, 'Sat by the window');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    await user.type(box, 'Sat by the window');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls).toBe(3));

    const [first, retry, next] = keysSentTo(fetchMock, 'POST app/post');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first);
  });
});
