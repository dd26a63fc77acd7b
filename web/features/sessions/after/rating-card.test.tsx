// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { RatingCards } from './rating-card';
import { pinSessionClock, renderWithToasts, routeFetch, SESSION_ID, sentTo } from '../testing/session-fixtures';

pinSessionClock('member-token');

const prompt = {
  sessionId: SESSION_ID,
  name: 'Morning flow',
  endTime: '2026-11-25T14:45:00.000Z',
  facilitatorName: 'Maya Host',
};

describe('the "How was it?" card', () => {
  it('asks for a rating before sending, then sends the rating and the comment', async () => {
    let prompts = [prompt];
    const fetchMock = routeFetch({
      'GET app/user/feedback-prompts': () => ({ status: 200, body: prompts }),
      [`POST app/session/${SESSION_ID}/feedback`]: () => {
        prompts = [];
        return { status: 200, body: { rated: true } };
      },
    });
    const { user } = renderWithToasts(<RatingCards />);
    const card = await screen.findByRole('article', { name: 'How was Morning flow?' });
    await user.click(within(card).getByRole('button', { name: 'Send rating' }));
    expect(within(card).getByText('Choose 1 to 5.')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/session/${SESSION_ID}/feedback`)).toEqual([]);
    await user.click(within(card).getByRole('radio', { name: '4 of 5' }));
    await user.type(within(card).getByRole('textbox', { name: /Anything to add/ }), 'Calm and clear');
    await user.click(within(card).getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Thank you for your rating')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/session/${SESSION_ID}/feedback`)).toEqual([
      { rating: 4, comment: 'Calm and clear' },
    ]);
    // the card leaves once rated
    await waitFor(() => expect(screen.queryByRole('article', { name: 'How was Morning flow?' })).toBeNull());
  });

  it('shows nothing when no session waits for a rating', async () => {
    const fetchMock = routeFetch({ 'GET app/user/feedback-prompts': { status: 200, body: [] } });
    renderWithToasts(<RatingCards />);
    await waitFor(() => expect(sentTo(fetchMock, 'GET app/user/feedback-prompts')).toHaveLength(1));
    expect(screen.queryByRole('article')).toBeNull();
  });
});
