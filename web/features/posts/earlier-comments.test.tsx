// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CommentAnswer } from '@common/posts/schemas';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { keepEarlierComments } from './api/earlier-comments';
import { PostPage } from './post-page';
import { buildPost, routeFetch, SOMEONE } from './testing/post-fixtures';

resetPageBetweenTests({ token: 'token' });

const comment = (n: number, parent: string | null = null): CommentAnswer => ({
  _id: `c${n}`,
  user: { _id: SOMEONE, name: 'Rowan', profilePicture: null, isFacilitator: false },
  text: `comment ${n}`,
  postedDate: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  parent,
  edited: false,
});
const texts = () => screen.getAllByText(/^comment \d+$/).map((element) => element.textContent);

describe('a long conversation opens on its newest comments', () => {
  it('shows the earlier page above them on request, moves focus to the oldest it brought, and stops at the first', async () => {
    const post = buildPost({ comments: 4 });
    const fetchMock = routeFetch({
      [`GET app/view-post/${post._id}`]: {
        status: 200,
        body: { post, comments: [comment(3), comment(4)], earlierComments: 'before-3' },
      },
      [`GET app/increase-post-hits/${post._id}`]: { status: 200, body: { hits: 1 } },
      [`GET app/post/${post._id}/comments`]: {
        status: 200,
        body: { comments: [comment(1), comment(2)], earlierComments: null },
      },
    });
    const { user } = renderPage(<PostPage />, { path: '/post/:id', url: `/post/${post._id}` });
    await screen.findByText('comment 4');
    expect(texts()).toEqual(['comment 3', 'comment 4']);

    await user.click(screen.getByRole('button', { name: 'Show earlier comments' }));
    await waitFor(() => expect(texts()).toEqual(['comment 1', 'comment 2', 'comment 3', 'comment 4']));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `/api/app/post/${post._id}/comments?cursor=before-3`,
    );
    expect(screen.queryByRole('button', { name: 'Show earlier comments' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('comment-c1'));
  });

  it('says so when the earlier page cannot be loaded, and keeps the button to try again', async () => {
    const post = buildPost({ comments: 2 });
    routeFetch({
      [`GET app/view-post/${post._id}`]: { status: 200, body: { post, comments: [comment(2)], earlierComments: 'x' } },
      [`GET app/post/${post._id}/comments`]: { status: 500, body: { error: 'internal', message: 'Broken' } },
    });
    const { user } = renderPage(<PostPage />, { path: '/post/:id', url: `/post/${post._id}` });
    await user.click(await screen.findByRole('button', { name: 'Show earlier comments' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The earlier comments could not be loaded. Try again.');
    expect(screen.getByRole('button', { name: 'Show earlier comments' })).toBeTruthy();
  });
});

describe('keepEarlierComments: a refetch of the post', () => {
  const post = buildPost();
  it('keeps the earlier comments the reader opened, with their replies, and their cursor', () => {
    const old = {
      post,
      comments: [comment(1), comment(2), comment(5, 'c1'), comment(3), comment(4)],
      earlierComments: null,
    };
    const fresh = { post, comments: [comment(3), comment(4), comment(6)], earlierComments: 'before-3' };
    const merged = keepEarlierComments(old, fresh);
    expect(merged.comments.map((c) => c._id)).toEqual(['c1', 'c2', 'c5', 'c3', 'c4', 'c6']);
    expect(merged.earlierComments).toBeNull();
  });

  it('keeps a comment the newest page no longer reaches, and pages on from before it', () => {
    const old = { post, comments: [comment(2), comment(3)], earlierComments: 'before-2' };
    const fresh = { post, comments: [comment(3), comment(4)], earlierComments: 'before-3' };
    const merged = keepEarlierComments(old, fresh);
    expect(merged.comments.map((c) => c._id)).toEqual(['c2', 'c3', 'c4']);
    expect(merged.earlierComments).toBe('before-2');
  });

  it('takes the fresh answer as it is when it holds every comment', () => {
    const fresh = { post, comments: [comment(1)], earlierComments: null };
    expect(keepEarlierComments({ post, comments: [comment(9)], earlierComments: null }, fresh)).toBe(fresh);
  });
});
