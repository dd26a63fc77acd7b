// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MediaField, type UploadedMedia } from './media-field';
import { FakeXhr } from '@web/testing/fake-xhr';

function Harness({ onUploaded }: { onUploaded: (media: UploadedMedia) => void }) {
  const [media, setMedia] = useState<string | null>(null);
  return <MediaField label="Media" value={media} onChange={setMedia} onUploaded={onUploaded} />;
}

beforeEach(() => {
  FakeXhr.last = undefined;
  localStorage.setItem('token', 'facilitator-token');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('MediaField', () => {
  it('uploads with a percent, then Generating Preview..., then previews and reports the file type', async () => {
    let answerSignedUrl!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answerSignedUrl = () =>
              resolve(Response.json({ signedUrl: '/api/media/m1?expires=1900000000', contentType: 'video/mp4' }));
          }),
      ),
    );
    const onUploaded = vi.fn();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <Harness onUploaded={onUploaded} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();

    await user.upload(screen.getByLabelText('Media'), new File(['mp4'], 'flow.mp4', { type: 'video/mp4' }));
    expect(FakeXhr.last?.url).toBe('/api/app/upload');
    expect(FakeXhr.last?.headers.Authorization).toBe('Bearer facilitator-token');
    act(() => FakeXhr.last!.progress(30));
    expect(screen.getByRole('status').textContent).toBe('Uploading… 30%');
    act(() => FakeXhr.last!.progress(100));
    expect(screen.getByRole('status').textContent).toBe('Generating Preview...');

    await act(async () =>
      FakeXhr.last!.answer(200, { url: 'media/m1.mp4', fileType: 'video', contentType: 'video/mp4' }),
    );
    expect(screen.getByRole('status').textContent).toContain('Generating Preview...');
    expect(onUploaded).toHaveBeenCalledWith({ url: 'media/m1.mp4', fileType: 'video', contentType: 'video/mp4' });

    act(() => answerSignedUrl());
    await waitFor(() => expect(container.querySelector('video')).toBeTruthy());
    expect(container.querySelector('video')?.style.maxHeight).toBe('600px');

    // a landscape video is held by the form's width, so Expand shows it across the window
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    const expanded = await screen.findByRole('dialog', { name: 'Media preview' });
    await waitFor(() => expect(expanded.querySelector('video')?.style.maxHeight).toBe('1000px'));
    await user.click(within(expanded).getByRole('button', { name: 'Collapse' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByText('Choose file')).toBeTruthy();
  });

  it("shows the server's refusal under the field", async () => {
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <Harness onUploaded={vi.fn()} />
      </QueryClientProvider>,
    );
    await userEvent
      .setup()
      .upload(screen.getByLabelText('Media'), new File(['x'], 'clip.mov', { type: 'video/quicktime' }));
    await act(async () =>
      FakeXhr.last!.answer(400, { error: 'unsupported_type', message: 'This kind of file cannot be uploaded' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This kind of file cannot be uploaded');
  });

  it('can be cancelled: the request stops, the field stays empty, and Retry sends the file again', async () => {
    const onUploaded = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness onUploaded={onUploaded} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Media'), new File(['mp3'], 'bell.mp3', { type: 'audio/mpeg' }));
    const first = FakeXhr.last!;
    act(() => first.progress(10));
    await user.click(screen.getByRole('button', { name: 'Cancel upload of Media' }));
    expect(first.aborted).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Upload cancelled.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Choose file')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retry upload of Media' }));
    expect(FakeXhr.last).not.toBe(first);
    await act(async () =>
      FakeXhr.last!.answer(200, { url: 'media/bell.mp3', fileType: 'audio', contentType: 'audio/mpeg' }),
    );
    expect(onUploaded).toHaveBeenCalledWith({ url: 'media/bell.mp3', fileType: 'audio', contentType: 'audio/mpeg' });
  });
});
