// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import {
  buildPost,
  COMMENT_IDS,
  GROUP_ID,
  POST_ID,
  renderManagePage,
  routeFetch,
  sentTo,
} from '../testing/admin-form-fixtures';
import { formatAdminDate } from '../admin-dates';
import { ManagePostPage } from './manage-post-page';

resetPageBetweenTests({ token: 'token' });

const PATH = '/admin/manage-post/:id';

describe('Manage Post', () => {
  it('shows the counts read-only and each comment with its author and date', async () => {
    const post = buildPost();
    routeFetch({ [`GET admin/post/${POST_ID}`]: { status: 200, body: post } });
    renderManagePage(<ManagePostPage />, PATH, POST_ID);

    const form = await screen.findByRole('form', { name: 'Manage Post' });
    const counts = [...form.querySelectorAll('dl > div')].map((pair) => pair.textContent);
    expect(counts).toEqual(['Hits1,204', 'Hearts9', 'Comments2']);
    expect((screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement).value).toBe('A quiet morning.');

    const comments = within(screen.getByRole('region', { name: 'Comments' })).getAllByRole('listitem');
    expect(comments).toHaveLength(2);
    expect(within(comments[0]!).getByRole('textbox', { name: 'Comment by Maya Lind' })).toBeTruthy();
    expect(comments[0]!.textContent).toContain(`@maya · ${formatAdminDate(post.comments[0]!.postedDate)}`);
    expect(screen.getByRole('link', { name: "Back to Evening Wind-Down's Posts" }).getAttribute('href')).toBe(
      `/admin/group/${GROUP_ID}/posts`,
    );
  });

  it('sends the edited comment text with the post, then goes to the group’s posts', async () => {
    const fetchMock = routeFetch({
      [`GET admin/post/${POST_ID}`]: { status: 200, body: buildPost() },
      [`POST admin/post/${POST_ID}`]: { status: 200, body: buildPost() },
    });
    const { user } = renderManagePage(<ManagePostPage />, PATH, POST_ID);

    const comment = await screen.findByRole('textbox', { name: 'Comment by Ana Ruiz' });
    await user.clear(comment);
    await user.type(comment, 'Thank you all');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), ' Edited.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('location')).textContent).toBe(`/admin/group/${GROUP_ID}/posts`);
    expect(sentTo(fetchMock, `POST admin/post/${POST_ID}`)).toEqual([
      {
        text: 'A quiet morning. Edited.',
        media: null,
        comments: [
          { _id: COMMENT_IDS[0], text: 'Lovely.' },
          { _id: COMMENT_IDS[1], text: 'Thank you all' },
        ],
      },
    ]);
  });

  it('deletes one comment after confirmation and keeps the edits of the others', async () => {
    let post = buildPost();
    const fetchMock = routeFetch({
      [`GET admin/post/${POST_ID}`]: () => ({ status: 200, body: post }),
      [`DELETE admin/comment/${COMMENT_IDS[0]}`]: () => {
        post = { ...post, comments: post.comments.slice(1), commentCount: 1 };
        return { status: 200, body: { deleted: true } };
      },
      [`POST admin/post/${POST_ID}`]: { status: 200, body: {} },
    });
    const { user } = renderManagePage(<ManagePostPage />, PATH, POST_ID);
    const other = await screen.findByRole('textbox', { name: 'Comment by Ana Ruiz' });
    await user.clear(other);
    await user.type(other, 'Edited reply');

    await user.click(screen.getByRole('button', { name: 'Delete comment by Maya Lind' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Comment by Maya Lind' })).toBeNull());
    expect(sentTo(fetchMock, `DELETE admin/comment/${COMMENT_IDS[0]}`)).toHaveLength(1);
    expect((screen.getByRole('textbox', { name: 'Comment by Ana Ruiz' }) as HTMLTextAreaElement).value).toBe(
      'Edited reply',
    );

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByTestId('location');
    expect(sentTo(fetchMock, `POST admin/post/${POST_ID}`)).toEqual([
      { text: 'A quiet morning.', media: null, comments: [{ _id: COMMENT_IDS[1], text: 'Edited reply' }] },
    ]);
  });

  it('does not send an emptied comment', async () => {
    const fetchMock = routeFetch({ [`GET admin/post/${POST_ID}`]: { status: 200, body: buildPost() } });
    const { user } = renderManagePage(<ManagePostPage />, PATH, POST_ID);
    await user.clear(await screen.findByRole('textbox', { name: 'Comment by Maya Lind' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('A comment cannot be empty')).toBeTruthy();
    expect(sentTo(fetchMock, `POST admin/post/${POST_ID}`)).toEqual([]);
  });

  it('goes back to the groups when the post has no group', async () => {
    const fetchMock = routeFetch({
      [`GET admin/post/${POST_ID}`]: { status: 200, body: buildPost({ group: null, comments: [], commentCount: 0 }) },
      [`POST admin/post/${POST_ID}`]: { status: 200, body: {} },
    });
    const { user } = renderManagePage(<ManagePostPage />, PATH, POST_ID);
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Groups' }).getAttribute('href')).toBe('/admin/groups');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/groups');
    expect(sentTo(fetchMock, `POST admin/post/${POST_ID}`)).toEqual([
      { text: 'A quiet morning.', media: null, comments: [] },
    ]);
  });

  it('creates nothing for new', async () => {
    const fetchMock = routeFetch({});
    renderManagePage(<ManagePostPage />, PATH, 'new');
    expect(screen.getByText('Posts are written by members')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
