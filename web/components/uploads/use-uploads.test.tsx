// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_NETWORK_ERROR } from '@web/api/upload';
import { FakeXhr } from '@web/testing/fake-xhr';
import { sendMedia, type UploadedMedia } from './send-media';
import { UPLOAD_CANCELLED, UploadStatus } from './upload-status';
import { useUploads, type SendFile } from './use-uploads';

/** Each chosen file with its state, its UploadStatus (Cancel, Retry) and what was stored. */
function Uploads({ send }: { send: SendFile<UploadedMedia> }) {
  const { uploads, add, cancel, retry } = useUploads(send);
  return (
    <>
      <input type="file" multiple aria-label="Files" onChange={(event) => add(Array.from(event.target.files ?? []))} />
      <ul aria-label="Uploads">
        {uploads.map((upload) => (
          <li key={upload.key} aria-label={upload.file.name} data-status={upload.state.status}>
            <UploadStatus
              state={upload.state}
              label={upload.file.name}
              processingText="Processing…"
              onCancel={() => cancel(upload.key)}
              onRetry={() => retry(upload.key)}
              showError
            />
            {upload.state.status === 'done' && <p>Stored as {upload.state.result.url}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}

let sent: FakeXhr[];
beforeEach(() => {
  sent = [];
  FakeXhr.reply = (xhr) => void sent.push(xhr);
  localStorage.setItem('token', 'member-token');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  FakeXhr.reply = () => undefined;
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mp3 = (name: string) => new File(['mp3'], name, { type: 'audio/mpeg' });
const stored = (name: string) => ({ url: `media/${name}`, fileType: 'audio', contentType: 'audio/mpeg' });
const item = (name: string) => screen.getByRole('listitem', { name });
const statusOf = (name: string) => item(name).getAttribute('data-status');

async function choose(files: File[], send: SendFile<UploadedMedia> = sendMedia) {
  const user = userEvent.setup();
  render(<Uploads send={send} />);
  await user.upload(screen.getByLabelText('Files'), files);
  return user;
}

describe('useUploads: one state per file', () => {
  it('is queued until its bytes go, then uploading with the percent, processing, and done', async () => {
    let go!: () => void;
    const gate = new Promise<void>((resolve) => {
      go = resolve;
    });
    // like an image, whose host's signature is fetched before a byte is sent
    const send: SendFile<UploadedMedia> = async (file, transfer) => {
      await gate;
      return sendMedia(file, transfer);
    };
    await choose([mp3('bell.mp3')], send);
    expect(statusOf('bell.mp3')).toBe('queued');
    expect(sent).toHaveLength(0);

    await act(async () => go());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/api/app/upload');
    expect(sent[0]!.headers.Authorization).toBe('Bearer member-token');
    expect(statusOf('bell.mp3')).toBe('uploading');

    act(() => sent[0]!.progress(37));
    expect(within(item('bell.mp3')).getByRole('status').textContent).toBe('Uploading… 37%');
    const bar = within(item('bell.mp3')).getByRole('progressbar', { name: 'Upload progress of bell.mp3' });
    expect(bar.getAttribute('aria-valuenow')).toBe('37');

    act(() => sent[0]!.progress(100));
    expect(statusOf('bell.mp3')).toBe('processing');
    expect(within(item('bell.mp3')).getByRole('status').textContent).toBe('Processing…');

    await act(async () => sent[0]!.answer(200, stored('bell.mp3')));
    expect(statusOf('bell.mp3')).toBe('done');
    expect(within(item('bell.mp3')).getByText('Stored as media/bell.mp3')).toBeTruthy();
    expect(within(item('bell.mp3')).queryByRole('button')).toBeNull();
  });

  it('fails with the server message; Retry sends the same file again', async () => {
    const user = await choose([mp3('gong.mp3')]);
    await act(async () => sent[0]!.answer(413, { error: 'too_big_for_plan', message: 'Your storage is full' }));
    expect(statusOf('gong.mp3')).toBe('failed');
    expect(within(item('gong.mp3')).getByRole('alert').textContent).toBe('Not uploaded: Your storage is full');

    await user.click(within(item('gong.mp3')).getByRole('button', { name: 'Retry upload of gong.mp3' }));
    expect(sent).toHaveLength(2);
    expect((sent[1]!.body?.get('file') as File).name).toBe('gong.mp3');
    expect(statusOf('gong.mp3')).toBe('uploading');
    await act(async () => sent[1]!.answer(200, stored('gong.mp3')));
    expect(statusOf('gong.mp3')).toBe('done');
  });

  it('fails with a network error', async () => {
    await choose([mp3('drum.mp3')]);
    await act(async () => sent[0]!.onerror?.());
    expect(within(item('drum.mp3')).getByRole('alert').textContent).toBe(`Not uploaded: ${UPLOAD_NETWORK_ERROR}`);
  });

  it('Cancel, reached by keyboard, aborts that request only; a late answer changes nothing; Retry starts over', async () => {
    const user = await choose([mp3('a.mp3'), mp3('b.mp3')]);
    expect(sent).toHaveLength(2);
    act(() => sent[0]!.progress(20));

    act(() => screen.getByLabelText('Files').focus());
    await user.tab();
    const cancelA = within(item('a.mp3')).getByRole('button', { name: 'Cancel upload of a.mp3' });
    expect(document.activeElement).toBe(cancelA);
    await user.keyboard('{Enter}');

    expect(sent[0]!.aborted).toBe(true);
    expect(sent[1]!.aborted).toBe(false);
    expect(statusOf('a.mp3')).toBe('cancelled');
    expect(within(item('a.mp3')).getByRole('status').textContent).toBe(UPLOAD_CANCELLED);
    expect(within(item('a.mp3')).queryByRole('progressbar')).toBeNull();
    expect(statusOf('b.mp3')).toBe('uploading');

    await act(async () => sent[0]!.answer(200, stored('a.mp3')));
    expect(statusOf('a.mp3')).toBe('cancelled');

    await user.click(within(item('a.mp3')).getByRole('button', { name: 'Retry upload of a.mp3' }));
    expect(sent).toHaveLength(3);
    await act(async () => sent[2]!.answer(200, stored('a.mp3')));
    expect(statusOf('a.mp3')).toBe('done');
  });

  it('aborts every running upload when the page goes', async () => {
    await choose([mp3('a.mp3'), mp3('b.mp3')]);
    cleanup();
    expect(sent.map((xhr) => xhr.aborted)).toEqual([true, true]);
  });
});
