// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextPageButton, type NextPageState } from './next-page-button';

afterEach(cleanup);

const state = (over: Partial<NextPageState> = {}): NextPageState => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  ...over,
});

const renderWith = (pages: NextPageState, onLoad: () => unknown = () => undefined) =>
  render(
    <NextPageButton pages={pages} label="Load more" failedText="More groups could not be loaded." onLoad={onLoad} />,
  );

describe('NextPageButton: the next page of a paged list', () => {
  it('offers the next page with its label and loads it on a press', async () => {
    let loads = 0;
    renderWith(state(), () => void loads++);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(loads).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is busy and disabled while the page comes', () => {
    renderWith(state({ isFetchingNextPage: true }));
    const button = screen.getByRole('button', { name: 'Load more' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('after a failed page, says so as an alert and offers Try again, which loads again', async () => {
    let loads = 0;
    renderWith(state({ isFetchNextPageError: true }), () => void loads++);
    expect(screen.getByRole('alert').textContent).toBe('More groups could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(loads).toBe(1);
  });

  it('shows nothing once there is no next page', () => {
    const { container } = renderWith(state({ hasNextPage: false }));
    expect(container.innerHTML).toBe('');
  });
});
