// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { FakeXhr } from '@web/testing/fake-xhr';
import { PHOTO_FAILED, PostComposer, WAITING_FOR_UPLOAD } from './post-composer';
import { buildPost, ME, routeFetch, sentTo } from './testing/post-fixtures';

resetPageBetweenTests({ token: 'token' });

const imageApi = {
  'GET image-config': {
    status: 200,
    body: { urlEndpoint: '/images', publicKey: 'public_tend', uploadUrl: '/api/images/upload' },
  },
  'GET image-upload-auth': { status: 200, body: { signature: 'sig', token: 'tok', expire: 1_900_000_000 } },
};
const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const stored = (xhr: FakeXhr, path: string) =>
  act(() => xhr.answer(200, { filePath: path, fileId: path, name: path, size: 3 }));

let sent: FakeXhr[];
beforeEach(() => {
  sent = [];
  FakeXhr.reply = (xhr) => void sent.push(xhr);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  FakeXhr.reply = () => undefined;
});

async function choose(user: ReturnType<typeof renderPage>['user'], files: File[]) {
  await user.upload(screen.getByTestId('composer-photo-input'), files);
}

describe('PostComposer photos', () => {
  it('keeps Post disabled with progress until every photo is stored, then sends them in order', async () => {
    const created = buildPost({
      user: { _id: ME, name: 'Me', profilePicture: null, isFacilitator: false },
      photos: ['a.png', 'b.png', 'c.png'],
    });
    const fetchMock = routeFetch({ ...imageApi, 'POST app/post': { status: 200, body: created } });
    const { user } = renderPage(<PostComposer />);
    await user.type(screen.getByLabelText('Share something with the community'), 'Three views');
    await choose(user, [png('a.png'), png('b.png'), png('c.png')]);
    await waitFor(() => expect(sent).toHaveLength(3));

    const post = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(WAITING_FOR_UPLOAD);
    act(() => sent[0]!.progress(40));
    expect(
      screen.getByRole('progressbar', { name: 'Upload progress of photo 1 of 3' }).getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')).toHaveLength(3);

    // answers arrive out of order; the post keeps the order they were chosen in
    stored(sent[2]!, 'c.png');
    stored(sent[0]!, 'a.png');
    expect(post.disabled).toBe(true);
    stored(sent[1]!, 'b.png');
    await waitFor(() => expect(post.disabled).toBe(false));
    await user.click(post);
    await waitFor(() =>
      expect(sentTo(fetchMock, 'POST app/post')).toEqual([
        { text: 'Three views', media: null, photos: ['a.png', 'b.png', 'c.png'], group: null },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Chosen photos' })).toBeNull());
  });

  it('takes at most 4 photos and says so', async () => {
    routeFetch(imageApi);
    const { user } = renderPage(<PostComposer />);
    await choose(
      user,
      ['1', '2', '3', '4', '5'].map((n) => png(`${n}.png`)),
    );
    expect(await screen.findByText('A post can have up to 4 photos')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')).toHaveLength(4);
    expect((screen.getByRole('button', { name: /Add photos/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove photo 2 of 4' }));
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')).toHaveLength(3);
    expect((screen.getByRole('button', { name: /Add photos/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('blocks Post while a photo failed, until it is removed', async () => {
    routeFetch(imageApi);
    const { user } = renderPage(<PostComposer />);
    await user.type(screen.getByLabelText('Share something with the community'), 'Hello');
    await choose(user, [png('a.png')]);
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => sent[0]!.answer(500, { message: 'Disk full' }));
    expect(await screen.findByText('Not uploaded: Disk full')).toBeTruthy();
    const post = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1 of 1' }));
    expect(post.disabled).toBe(false);
  });

  it('cancels a photo from its own button, blocks Post until it is retried, and posts it then', async () => {
    const created = buildPost({ user: { _id: ME, name: 'Me', profilePicture: null, isFacilitator: false } });
    const fetchMock = routeFetch({ ...imageApi, 'POST app/post': { status: 200, body: created } });
    const { user } = renderPage(<PostComposer />);
    await user.type(screen.getByLabelText('Share something with the community'), 'Fog');
    await choose(user, [png('a.png')]);
    await waitFor(() => expect(sent).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Cancel upload of photo 1 of 1' }));
    expect(sent[0]!.aborted).toBe(true);
    expect(screen.getByText('Upload cancelled.')).toBeTruthy();
    const post = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(PHOTO_FAILED);

    await user.click(screen.getByRole('button', { name: 'Retry upload of photo 1 of 1' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    stored(sent[1]!, 'a.png');
    await waitFor(() => expect(post.disabled).toBe(false));
    await user.click(post);
    await waitFor(() =>
      expect(sentTo(fetchMock, 'POST app/post')).toEqual([
        { text: 'Fog', media: null, photos: ['a.png'], group: null },
      ]),
    );
  });
});
