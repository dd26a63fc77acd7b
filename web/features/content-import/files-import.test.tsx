// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { FakeXhr } from '@web/testing/fake-xhr';
import { FilesImport, titleFromFileName } from './files-import';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeXhr.reply = () => undefined;
});

const TIERS = [{ _id: '6f1c2f4e-0a8b-4c47-9d8a-2f0e4f5d1a11', name: 'Daily Sits' }];
const audio = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'audio/mpeg' });

const rowsText = () =>
  within(screen.getByRole('list', { name: 'Files to import' }))
    .getAllByRole('listitem')
    .map((li) => (li.querySelector('input') as HTMLInputElement).value);

describe('FilesImport', () => {
  it('lists the chosen files with their sizes and titles from their names; they can be retitled, reordered and removed', async () => {
    const { user } = renderPage(<FilesImport tiers={TIERS} onStarted={() => undefined} />);
    const picker = screen.getByLabelText('Audio or video files');
    await user.upload(picker, [
      audio('01_morning-sit.mp3', 3 * 1024 * 1024),
      audio('body scan.mp3'),
      audio('evening.mp3'),
    ]);
    expect(rowsText()).toEqual(['01 morning sit', 'body scan', 'evening']);
    expect(screen.getByText(/01_morning-sit\.mp3 · 3\.0 MB/)).toBeTruthy();
    expect(screen.getByText(/body scan\.mp3 · 2 KB/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '3 files, 3.0 MB, in queue order' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Move evening.mp3 up' }));
    expect(rowsText()).toEqual(['01 morning sit', 'evening', 'body scan']);
    expect((screen.getByRole('button', { name: 'Move 01_morning-sit.mp3 up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Remove 01_morning-sit.mp3' }));
    expect(rowsText()).toEqual(['evening', 'body scan']);
    const title = screen.getByRole('textbox', { name: 'Title of evening.mp3' });
    await user.clear(title);
    await user.type(title, 'Evening wind-down');
    expect(rowsText()).toEqual(['Evening wind-down', 'body scan']);
    expect(screen.getByRole('button', { name: 'Upload and import 2 files' })).toBeTruthy();
  });

  it('leaves out a dropped file that is not audio or video, and sends the list then the files in the order shown', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onStarted = vi.fn();
    const { user } = renderPage(<FilesImport tiers={TIERS} onStarted={onStarted} />);
    await user.upload(screen.getByLabelText('Audio or video files'), [audio('a.mp3'), audio('b.mp3')]);
    // a drop is not filtered by the input's accept
    const zone = screen.getByLabelText('Audio or video files').closest('div')!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('status').textContent).toContain('1 file was left out');
    await user.click(screen.getByRole('button', { name: 'Move b.mp3 up' }));
    FakeXhr.reply = (xhr) =>
      xhr.answer(200, {
        _id: 'imp-1',
        source: 'files',
        label: '2 files',
        tierId: TIERS[0]!._id,
        createdAt: new Date().toISOString(),
        counts: { pending: 2, done: 0, failed: 0 },
        items: [],
      });
    await user.click(screen.getByRole('button', { name: 'Upload and import 2 files' }));
    await vi.waitFor(() => expect(onStarted).toHaveBeenCalledWith('imp-1'));
    const sent = FakeXhr.last!;
    expect(sent.url).toContain(`app/content-imports/files?tierId=${TIERS[0]!._id}`);
    expect(JSON.parse(sent.body!.get('items') as string)).toEqual([
      { name: 'b.mp3', size: 2048, title: 'b' },
      { name: 'a.mp3', size: 2048, title: 'a' },
    ]);
    expect((sent.body!.getAll('file') as File[]).map((f) => f.name)).toEqual(['b.mp3', 'a.mp3']);
  });

  it('titles a file from its name', () => {
    expect(titleFromFileName('week_1-intro.final.wav')).toBe('week 1 intro.final');
    expect(titleFromFileName('.wav')).toBe('Untitled');
  });
});
