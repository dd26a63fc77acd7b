import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { ArrowDownIcon, ArrowUpIcon, CloudArrowUpIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { FILES_IMPORT_MAX } from '@common/content-import/schemas';
import { MEDIA_MAX_BYTES } from '@common/uploads/schemas';
import { Button } from '@web/components/button';
import { controlStyles } from '@web/components/form/field-frame';
import { serverMessageOf } from '@web/components/form/error-text';
import { type ChosenFile, startFilesImport } from './api';
import { sizeText } from './size-text';
import { SendingState } from './sending-state';
import { TierSelect } from './tier-select';

/** The title a file gets unless the facilitator writes one: its name without extension or dashes. */
export const titleFromFileName = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, 200) || 'Untitled';

const isMedia = (file: File) => file.type.startsWith('audio/') || file.type.startsWith('video/');

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-40';

/**
 * Several files: dropped on the zone or picked with the file input, each listed with its size, a
 * title to edit (from its name at first), and buttons to move it up or down or remove it. They
 * go up in one request and into the queue in the order shown.
 */
export function FilesImport({
  tiers,
  onStarted,
}: {
  tiers: { _id: string; name: string }[];
  onStarted: (importId: string) => void;
}) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<(ChosenFile & { key: string })[]>([]);
  const [tierId, setTierId] = useState(tiers[0]?._id ?? '');
  const [dragging, setDragging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const add = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    const media = chosen.filter((f) => isMedia(f) && f.size <= MEDIA_MAX_BYTES);
    const room = FILES_IMPORT_MAX - files.length;
    const skipped = chosen.length - media.length;
    const over = Math.max(0, media.length - room);
    setNotice(
      [
        skipped > 0 &&
          `${skipped} ${skipped === 1 ? 'file was' : 'files were'} left out: only audio or video up to 500 MB.`,
        over > 0 && `At most ${FILES_IMPORT_MAX} files at once: ${over} left out.`,
      ]
        .filter(Boolean)
        .join(' ') || null,
    );
    setFiles((now) => [
      ...now,
      ...media.slice(0, room).map((file) => ({
        file,
        title: titleFromFileName(file.name),
        key: `${file.name}:${file.size}:${file.lastModified}:${Math.random()}`,
      })),
    ]);
    if (input.current) input.current.value = '';
  };
  const move = (index: number, by: -1 | 1) =>
    setFiles((now) => {
      const next = [...now];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const remove = (index: number) => setFiles((now) => now.filter((_, i) => i !== index));
  const retitle = (index: number, title: string) =>
    setFiles((now) => now.map((f, i) => (i === index ? { ...f, title } : f)));

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (files.length === 0) return;
    setError(null);
    try {
      const started = await startFilesImport(files, tierId, { onProgress: setPercent });
      onStarted(started._id);
    } catch (err) {
      setError(serverMessageOf(err) ?? 'The files could not be sent.');
    } finally {
      setPercent(null);
    }
  };

  const total = files.reduce((sum, f) => sum + f.file.size, 0);
  return (
    <form onSubmit={submit} className="space-y-4">
      <TierSelect id={`${ids}-tier`} tiers={tiers} value={tierId} onChange={setTierId} />
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`rounded-xl border-2 border-dashed p-4 text-center sm:p-6 ${dragging ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-stone-50'}`}
      >
        <CloudArrowUpIcon className="mx-auto size-8 text-stone-500" aria-hidden="true" />
        <label htmlFor={`${ids}-files`} className="mt-2 block text-sm font-medium text-stone-900">
          Audio or video files
        </label>
        <p id={`${ids}-files-hint`} className="text-sm text-stone-600">
          Drop them here or choose them: up to {FILES_IMPORT_MAX} at once, 500 MB each. Each becomes one item.
        </p>
        <input
          ref={input}
          id={`${ids}-files`}
          type="file"
          multiple
          accept="audio/*,video/*"
          aria-describedby={`${ids}-files-hint`}
          className="mx-auto mt-3 block w-full max-w-xs text-sm text-stone-900 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-white file:px-4 file:font-semibold file:shadow-sm"
          onChange={(e) => add(e.target.files)}
        />
      </div>
      {notice && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {notice}
        </p>
      )}
      {files.length > 0 && (
        <div>
          <h2 className="text-sm font-semibold text-stone-900">
            {files.length} {files.length === 1 ? 'file' : 'files'}, {sizeText(total)}, in queue order
          </h2>
          <ol
            aria-label="Files to import"
            className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200"
          >
            {files.map((f, i) => (
              <li key={f.key} className="flex flex-wrap items-center gap-2 p-3 sm:flex-nowrap">
                <span className="w-6 shrink-0 text-sm font-semibold text-stone-500" aria-hidden="true">
                  {i + 1}.
                </span>
                <div className="min-w-0 flex-1 basis-48">
                  <label htmlFor={`${ids}-title-${i}`} className="sr-only">
                    Title of {f.file.name}
                  </label>
                  <input
                    id={`${ids}-title-${i}`}
                    className={controlStyles(false)}
                    value={f.title}
                    maxLength={200}
                    onChange={(e) => retitle(i, e.target.value)}
                  />
                  <p className="mt-1 truncate text-xs text-stone-600">
                    {f.file.name} · {sizeText(f.file.size)}
                  </p>
                </div>
                <div className="ml-auto flex shrink-0 gap-1">
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move ${f.file.name} up`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUpIcon className="size-5" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move ${f.file.name} down`}
                    disabled={i === files.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownIcon className="size-5" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Remove ${f.file.name}`}
                    onClick={() => remove(i)}
                  >
                    <XMarkIcon className="size-5" aria-hidden="true" />
                  </button>
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
      <SendingState percent={percent} label="Sending the files" error={error} />
      <Button type="submit" pending={percent !== null} disabled={files.length === 0 || !tierId}>
        {files.length > 0
          ? `Upload and import ${files.length} ${files.length === 1 ? 'file' : 'files'}`
          : 'Upload and import'}
      </Button>
    </form>
  );
}
