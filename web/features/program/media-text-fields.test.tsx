// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ALT_TEXT_HINT } from '@common/uploads/text-alternatives';
import { FakeXhr } from '@web/testing/fake-xhr';
import { ContentFormPage } from './content-form-page';
import { CAPTIONS_HINT, CAPTIONS_NOT_VTT, TRANSCRIPT_HINT } from './media-text-fields';
import { buildContent, buildTier, renderProgramScreen, routeFetch, sentTo } from './testing/program-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  FakeXhr.reply = () => undefined;
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/program/content/:id';
const VIDEO = buildContent('Flow', { media: '11111111-1111-4111-8111-111111111111.webm', fileType: 'video' });
const IMAGE = buildContent('Altar', { media: '22222222-2222-4222-8222-222222222222.png', fileType: 'image' });
const CAPTIONS_KEY = '33333333-3333-4333-8333-333333333333.vtt';

function serve(item: typeof VIDEO) {
  return routeFetch({
    'GET app': { status: 200, body: { isFacilitator: true, tiers: [buildTier()], content: [item] } },
    [`GET app/content/${item._id}`]: { status: 200, body: item },
    [`POST app/content/${item._id}`]: (body) => ({ status: 200, body: { ...item, ...(body as object) } }),
  });
}

const vtt = (name = 'flow.vtt') => new File(['WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n'], name, { type: 'text/vtt' });

describe('captions, transcript and alt text on the content form', () => {
  it('takes a captions file and a transcript for video and saves both', async () => {
    const fetchMock = serve(VIDEO);
    FakeXhr.reply = (xhr) => xhr.answer(200, { url: CAPTIONS_KEY, fileType: 'document', contentType: 'text/vtt' });
    const { user } = renderProgramScreen(<ContentFormPage />, PATH, `/program/content/${VIDEO._id}`);
    const captions = await screen.findByLabelText('Captions');
    expect(captions.getAttribute('accept')).toContain('.vtt');
    expect(screen.getByText(CAPTIONS_HINT)).toBeTruthy();
    expect(screen.getByText(TRANSCRIPT_HINT)).toBeTruthy();
    expect(screen.queryByLabelText('Alt text')).toBeNull();

    await user.upload(captions, vtt());
    expect(await screen.findByText('Captions added: flow.vtt')).toBeTruthy();
    expect(FakeXhr.last?.url).toBe('/api/app/upload');
    expect(FakeXhr.last?.body?.get('file')).toBeInstanceOf(File);
    await user.type(screen.getByRole('textbox', { name: 'Transcript' }), 'Breathe in. Breathe out.');
    await user.click(screen.getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(sentTo(fetchMock, `POST app/content/${VIDEO._id}`)).toHaveLength(1));
    expect(sentTo(fetchMock, `POST app/content/${VIDEO._id}`)[0]).toMatchObject({
      captions: CAPTIONS_KEY,
      transcript: 'Breathe in. Breathe out.',
      altText: null,
    });
  });

  it('refuses a file that is not WebVTT before uploading it', async () => {
    serve(VIDEO);
    renderProgramScreen(<ContentFormPage />, PATH, `/program/content/${VIDEO._id}`);
    const captions = await screen.findByLabelText('Captions');
    // the picker's filter can be set to 'All files': the field checks the file itself
    const srt = new File(['1\n00:00:00,000 --> 00:00:01,000\nHi'], 'flow.srt', { type: '' });
    fireEvent.change(captions, { target: { files: [srt] } });
    expect((await screen.findByText(CAPTIONS_NOT_VTT)).getAttribute('role')).toBe('alert');
    expect(captions.getAttribute('aria-invalid')).toBe('true');
    expect(FakeXhr.last).toBeUndefined();
  });

  it('asks for alt text, with what good alt text is, for an image and saves it', async () => {
    const fetchMock = serve(IMAGE);
    const { user } = renderProgramScreen(<ContentFormPage />, PATH, `/program/content/${IMAGE._id}`);
    const alt = await screen.findByRole('textbox', { name: 'Alt text' });
    expect(alt.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(ALT_TEXT_HINT)).toBeTruthy();
    expect(screen.queryByLabelText('Captions')).toBeNull();
    await user.type(alt, 'A candle on a wooden floor');
    await user.click(screen.getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(sentTo(fetchMock, `POST app/content/${IMAGE._id}`)).toHaveLength(1));
    expect(sentTo(fetchMock, `POST app/content/${IMAGE._id}`)[0]).toMatchObject({
      altText: 'A candle on a wooden floor',
      captions: null,
      transcript: null,
    });
  });
});
