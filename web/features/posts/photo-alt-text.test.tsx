// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { ALT_TEXT_HINT } from '@common/uploads/text-alternatives';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { FakeXhr } from '@web/testing/fake-xhr';
import { PostComposer } from './post-composer';
import { PostMedia } from './post-media';
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

let sent: FakeXhr[];
beforeEach(() => {
  sent = [];
  FakeXhr.reply = (xhr) => void sent.push(xhr);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  FakeXhr.reply = () => undefined;
});

describe('alt text for post photos', () => {
  it('asks for alt text under each photo, says what good alt text is, and sends it by position', async () => {
    const created = buildPost({ user: { _id: ME, name: 'Me', profilePicture: null, isFacilitator: false } });
    const fetchMock = routeFetch({ ...imageApi, 'POST app/post': { status: 200, body: created } });
    const { user } = renderPage(<PostComposer />);
    await user.upload(screen.getByTestId('composer-photo-input'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(sent).toHaveLength(2));
    for (const [i, xhr] of sent.entries()) {
      const path = `${'ab'[i]}.png`;
      act(() => xhr.answer(200, { filePath: path, fileId: path, name: path, size: 3 }));
    }

    const first = screen.getByRole('textbox', { name: 'Alt text for photo 1 of 2' });
    const hint = document.getElementById(first.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toContain(ALT_TEXT_HINT);
    expect(first.getAttribute('maxlength')).toBe('250');
    await user.type(first, 'Fog over a lake at sunrise');
    const post = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    await waitFor(() => expect(post.disabled).toBe(false));
    await user.click(post);
    await waitFor(() =>
      expect(sentTo(fetchMock, 'POST app/post')).toEqual([
        {
          text: '',
          media: null,
          photos: ['a.png', 'b.png'],
          photoAlts: ['Fog over a lake at sunrise', ''],
          group: null,
        },
      ]),
    );
  });

  it("shows the author's alt text, and the generic text only where none was written", async () => {
    const post = buildPost({
      user: { _id: ME, name: 'Rowan', profilePicture: null, isFacilitator: false },
      photos: ['a.png', 'b.png'],
      photoAlts: ['Two herons on a fence', ''],
    });
    routeFetch(imageApi);
    renderPage(<PostMedia post={post} />);
    expect(await screen.findByRole('img', { name: 'Two herons on a fence' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 2 of 2 shared by Rowan' })).toBeTruthy();
  });
});
