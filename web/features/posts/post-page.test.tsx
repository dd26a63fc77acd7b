// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { PostPage } from './post-page';
import { buildPost, ME, routeFetch, sentTo } from './testing/post-fixtures';

resetPageBetweenTests({ token: 'token' });

const openPost = (id: string) => renderPage(<PostPage />, { path: '/post/:id', url: `/post/${id}` });

describe('PostPage', () => {
  it("says 'Post not found' when the call answers 404", async () => {
    routeFetch({});
    openPost('missing');
    expect(await screen.findByText('Post not found')).toBeTruthy();
  });

  it('shows the full post with comments, records a hit and sends a comment', async () => {
    const post = buildPost({ text: 'A long reflection' });
    const fetchMock = routeFetch({
      [`GET app/view-post/${post._id}`]: { status: 200, body: { post, comments: [] } },
      [`GET app/increase-post-hits/${post._id}`]: { status: 200, body: { hits: 4 } },
      [`POST app/create-comment/${post._id}`]: {
        status: 200,
        body: {
          _id: 'c1',
          user: { _id: ME, name: 'Me', profilePicture: null, isFacilitator: false },
          text: 'Thank you',
          postedDate: new Date().toISOString(),
        },
      },
    });
    const { user } = openPost(post._id);
    expect(await screen.findByText('A long reflection')).toBeTruthy();
    await user.type(screen.getByLabelText('Write a comment'), 'Thank you');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Thank you')).toBeTruthy();
    expect(screen.getByText('1 comment')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/create-comment/${post._id}`)).toEqual([{ commentText: 'Thank you' }]);
    expect(sentTo(fetchMock, `GET app/increase-post-hits/${post._id}`)).toHaveLength(1);
  });

  it('goes to /notifications after the author removes the post', async () => {
    const post = buildPost({ user: { _id: ME, name: 'Me', profilePicture: null, isFacilitator: true } });
    const fetchMock = routeFetch({
      [`GET app/view-post/${post._id}`]: { status: 200, body: { post, comments: [] } },
      [`DELETE app/get-posts/${post._id}`]: { status: 200 },
    });
    const { user } = openPost(post._id);
    expect((await screen.findByRole('link', { name: 'Me' })).getAttribute('href')).toBe(`/profile/${ME}`);
    await user.click(await screen.findByRole('button', { name: 'Remove post' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove post' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/notifications');
    // the removed post is not asked for again
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentTo(fetchMock, `GET app/view-post/${post._id}`)).toHaveLength(1);
  });
});
