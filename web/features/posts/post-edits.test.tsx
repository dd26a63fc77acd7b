// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import type { CommentAnswer } from '@common/posts/schemas';
import { FeedPage } from './feed-page';
import { PostPage } from './post-page';
import { buildPost, ME, routeFetch, sentTo, SOMEONE } from './testing/post-fixtures';

resetPageBetweenTests({ token: 'token' });

const me = { _id: ME, name: 'Me', profilePicture: null, isFacilitator: false };
const rowan = { _id: SOMEONE, name: 'Rowan', profilePicture: null, isFacilitator: false };
const commentBy = (user: typeof me, text: string, over: Partial<CommentAnswer> = {}): CommentAnswer => ({
  _id: crypto.randomUUID(),
  user,
  text,
  postedDate: new Date().toISOString(),
  parent: null,
  edited: false,
  ...over,
});
const openPost = (id: string) => renderPage(<PostPage />, { path: '/post/:id', url: `/post/${id}` });

describe('editing, replies and links', () => {
  it('links every author to their profile and edits my post in place, marked edited', async () => {
    const post = buildPost({ user: me, text: 'First words' });
    const fetchMock = routeFetch({
      [`GET app/view-post/${post._id}`]: { status: 200, body: { post, comments: [commentBy(rowan, 'Hi')] } },
      [`POST app/edit-post/${post._id}`]: { status: 200, body: { ...post, text: 'Better words', edited: true } },
    });
    const { user } = openPost(post._id);
    expect((await screen.findByRole('link', { name: 'Rowan' }, { timeout: 5000 })).getAttribute('href')).toBe(
      `/profile/${SOMEONE}`,
    );
    expect(screen.getByRole('link', { name: 'Me' }).getAttribute('href')).toBe(`/profile/${ME}`);
    await user.click(await screen.findByRole('button', { name: 'Edit post' }));
    const box = screen.getByRole('textbox', { name: 'Edit your post' });
    await user.clear(box);
    await user.type(box, 'Better words');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Better words')).toBeTruthy();
    expect(screen.getByText(/· edited/)).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/edit-post/${post._id}`)).toEqual([{ text: 'Better words' }]);
  });

  it('offers Edit only on my own comments, nests replies and sends a reply with replyTo', async () => {
    const post = buildPost();
    const top = commentBy(rowan, 'A thought');
    const mine = commentBy(me, 'My answer', { parent: top._id, edited: true });
    const reply = commentBy(me, 'One more', { parent: top._id });
    const fetchMock = routeFetch({
      [`GET app/view-post/${post._id}`]: { status: 200, body: { post, comments: [top, mine] } },
      [`POST app/create-comment/${post._id}`]: { status: 200, body: reply },
      [`POST app/edit-comment/${mine._id}`]: { status: 200, body: { ...mine, text: 'My better answer' } },
    });
    const { user } = openPost(post._id);
    const replies = await screen.findByRole('list', { name: 'Replies to Rowan' }, { timeout: 5000 });
    expect(within(replies).getByText('My answer')).toBeTruthy();
    expect(within(replies).getByText(/· edited/)).toBeTruthy();
    expect(await screen.findAllByRole('button', { name: 'Edit comment' })).toHaveLength(1);

    await user.click(screen.getAllByRole('button', { name: 'Reply to Rowan' })[0]!);
    await user.type(screen.getByRole('textbox', { name: 'Reply to Rowan' }), 'One more');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(within(replies).getByText('One more')).toBeTruthy());
    expect(sentTo(fetchMock, `POST app/create-comment/${post._id}`)).toEqual([
      { commentText: 'One more', replyTo: top._id },
    ]);
    expect(screen.queryByRole('textbox', { name: 'Reply to Rowan' })).toBeNull();

    // the reply just sent is mine too: both may be edited
    const edits = screen.getAllByRole('button', { name: 'Edit comment' });
    expect(edits).toHaveLength(2);
    await user.click(edits[0]!);
    const box = screen.getByRole('textbox', { name: 'Edit your comment' });
    await user.clear(box);
    await user.type(box, 'My better answer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('My better answer')).toBeTruthy();
  });

  it("copies the post's address with 'Copy link'", async () => {
    const post = buildPost();
    routeFetch({ 'GET app/inspiration': { status: 200, body: { posts: [post], next: null } } });
    const { user } = renderPage(<FeedPage />, { path: '/feed' });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const card = await screen.findByRole('article', { name: 'Post by Rowan' });
    expect(within(card).queryByRole('button', { name: 'Edit post' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/${post._id}`);
  });

  it('searches the feed on the server and says when nothing matches', async () => {
    const found = buildPost({ text: 'Quiet lake at dawn' });
    const fetchMock = routeFetch({
      'GET app/inspiration': { status: 200, body: { posts: [buildPost({ text: 'Other' })], next: null } },
      'GET app/search-posts': (() => {
        let calls = 0;
        return () => ({ status: 200, body: { posts: calls++ === 0 ? [found] : [], next: null } });
      })(),
    });
    const { user } = renderPage(<FeedPage />, { path: '/feed' });
    await screen.findByText('Other');
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'lake');
    const list = await screen.findByRole('list', { name: 'Posts matching lake' });
    expect(within(list).getByText('Quiet lake at dawn')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('search-posts'));
    expect(urls[0]).toContain('q=lake');
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'x');
    expect(await screen.findByText("No posts match 'lakex'.")).toBeTruthy();
  });
});
