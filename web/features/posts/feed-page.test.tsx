// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { FeedPage } from './feed-page';
import { buildPost, ME, routeFetch, sentTo, SOMEONE } from './testing/post-fixtures';

resetPageBetweenTests({ token: 'token' });

const feedOf = (...posts: ReturnType<typeof buildPost>[]) => ({ status: 200, body: { posts, next: null } });
const openFeed = () => renderPage(<FeedPage />, { path: '/feed' });

describe('FeedPage', () => {
  it('shows the posts newest first with relative time and comment count', async () => {
    routeFetch({ 'GET app/inspiration': feedOf(buildPost({ text: 'First light', comments: 2 })) });
    openFeed();
    const card = await screen.findByRole('article', { name: 'Post by Rowan' });
    expect(card.textContent).toContain('First light');
    expect(card.textContent).toContain('3 minutes ago');
    expect(card.textContent).toContain('2 comments');
  });

  it('shows the empty state', async () => {
    routeFetch({ 'GET app/inspiration': feedOf() });
    openFeed();
    expect(await screen.findByText(/No posts yet/)).toBeTruthy();
  });

  it('keeps Post disabled while the text is empty, then posts', async () => {
    const created = buildPost({
      user: { _id: ME, name: 'Me', profilePicture: null, isFacilitator: false },
      text: 'Hello all',
    });
    const fetchMock = routeFetch({ 'GET app/inspiration': feedOf(), 'POST app/post': { status: 200, body: created } });
    const { user } = openFeed();
    const post = await screen.findByRole('button', { name: 'Post' });
    expect((post as HTMLButtonElement).disabled).toBe(true);
    const box = screen.getByLabelText('Share something with the community');
    await user.type(box, '   ');
    expect((post as HTMLButtonElement).disabled).toBe(true);
    await user.type(box, 'Hello all');
    expect((post as HTMLButtonElement).disabled).toBe(false);
    await user.click(post);
    expect(await screen.findByRole('article', { name: 'Post by Me' })).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/post')).toEqual([{ text: 'Hello all', media: null, group: null }]);
  });

  it('heart toggle updates the count at once', async () => {
    const post = buildPost({ hearts: [SOMEONE] });
    routeFetch({
      'GET app/inspiration': feedOf(post),
      [`GET app/post/${post._id}/heart`]: { status: 200, body: { hearts: [SOMEONE, ME], hearted: true } },
    });
    const { user } = openFeed();
    // one fixed name with the count; aria-pressed alone carries the state
    const heart = await screen.findByRole('button', { name: 'Heart, 1 heart' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(heart.textContent).toContain('1');
    await user.click(heart);
    const hearted = await screen.findByRole('button', { name: 'Heart, 2 hearts' });
    expect(hearted.getAttribute('aria-pressed')).toBe('true');
    expect(hearted.textContent).toContain('2');
  });

  it('rolls the heart back when the toggle fails', async () => {
    const post = buildPost();
    routeFetch({ 'GET app/inspiration': feedOf(post), [`GET app/post/${post._id}/heart`]: { status: 500 } });
    const { user } = openFeed();
    await user.click(await screen.findByRole('button', { name: 'Heart, 0 hearts' }));
    const heart = await screen.findByRole('button', { name: 'Heart, 0 hearts' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(heart.textContent).toContain('0');
  });

  it("offers 'Remove post' only on the author's posts, and removes after confirming", async () => {
    const mine = buildPost({ user: { _id: ME, name: 'Me', profilePicture: null, isFacilitator: false }, text: 'Mine' });
    const theirs = buildPost({ text: 'Theirs' });
    const fetchMock = routeFetch({
      'GET app/inspiration': feedOf(mine, theirs),
      [`DELETE app/get-posts/${mine._id}`]: { status: 200 },
    });
    const { user } = openFeed();
    const myCard = await screen.findByRole('article', { name: 'Post by Me' });
    const theirCard = screen.getByRole('article', { name: 'Post by Rowan' });
    expect(within(theirCard).queryByRole('button', { name: 'Remove post' })).toBeNull();
    await user.click(await within(myCard).findByRole('button', { name: 'Remove post' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove post' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Post by Me' })).toBeNull());
    expect(sentTo(fetchMock, `DELETE app/get-posts/${mine._id}`)).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Post by Rowan' })).toBeTruthy();
  });

  it('opens the post dialog from the card, records a hit and lists the comments', async () => {
    const post = buildPost({ comments: 1 });
    const comment = {
      _id: 'c1',
      user: { _id: ME, name: 'Me', profilePicture: null, isFacilitator: false },
      text: 'Lovely',
      postedDate: post.postedDate,
    };
    const fetchMock = routeFetch({
      'GET app/inspiration': feedOf(post),
      [`GET app/view-post/${post._id}`]: { status: 200, body: { post, comments: [comment] } },
      [`GET app/increase-post-hits/${post._id}`]: { status: 200, body: { hits: 1 } },
    });
    const { user } = openFeed();
    await user.click(await screen.findByText('Morning breath work'));
    const dialog = await screen.findByRole('dialog', { name: 'Post by Rowan' });
    expect(await within(dialog).findByText('Lovely')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sentTo(fetchMock, `GET app/increase-post-hits/${post._id}`)).toHaveLength(1);
  });
});
