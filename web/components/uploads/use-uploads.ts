import { useEffect, useRef, useState } from 'react';
import { isAbortError, type UploadTransfer } from '@web/api/upload';
import { formErrorText } from '@web/components/form/error-text';

/**
 * Where one file's upload is: queued (chosen, no byte sent yet, e.g. while the image host's
 * signature is fetched), uploading with the percent sent, processing (every byte sent, waiting
 * for the server's answer), done with the answer, failed with the error's message, or cancelled.
 */
export type UploadState<T> =
  | { status: 'queued' }
  | { status: 'uploading'; percent: number }
  | { status: 'processing' }
  | { status: 'done'; result: T }
  | { status: 'failed'; error: string }
  | { status: 'cancelled' };

export type FileUpload<T> = { key: string; file: File; state: UploadState<T> };

/** Sends one file; resolves with the server's answer, or nothing when a 401 sent the user to /login. */
export type SendFile<T> = (file: File, transfer: Required<UploadTransfer>) => Promise<T | undefined>;

/** An upload that may still be stopped: it has not ended. */
export const isActive = (state: UploadState<unknown> | undefined) =>
  state?.status === 'queued' || state?.status === 'uploading' || state?.status === 'processing';

/** An upload that ended without its file stored, so it may be tried again. */
const canRetry = (state: UploadState<unknown> | undefined) =>
  state?.status === 'failed' || state?.status === 'cancelled';

let nextKey = 0;

const progressState = (percent: number): UploadState<never> =>
  percent >= 100 ? { status: 'processing' } : { status: 'uploading', percent: Math.max(0, percent) };

/**
 * Files uploaded side by side, each with its own state. `cancel` aborts a running upload (the
 * request stops and the file is marked cancelled), `retry` sends a failed or cancelled file
 * again, `remove` cancels and forgets it, `replace` starts over with one file (a field holding a
 * single file). Leaving the page aborts every running upload.
 */
export function useUploads<T>(send: SendFile<T>, { onDone }: { onDone?: (result: T, file: File) => void } = {}) {
  const [uploads, setUploads] = useState<FileUpload<T>[]>([]);
  const running = useRef(new Map<string, AbortController>());
  const latest = useRef({ send, onDone });
  useEffect(() => {
    latest.current = { send, onDone };
  });
  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const controller of controllers.values()) controller.abort();
    };
  }, []);

  const change = (key: string, state: UploadState<T>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, state } : upload)));
  const stop = (key: string) => {
    running.current.get(key)?.abort();
    running.current.delete(key);
  };

  /** Sends the file of `key`; every answer of an upload that was stopped meanwhile is dropped. */
  function run({ key, file }: FileUpload<T>) {
    stop(key);
    const controller = new AbortController();
    running.current.set(key, controller);
    const current = () => running.current.get(key) === controller;
    const onProgress = (percent: number) => current() && change(key, progressState(percent));
    latest.current
      .send(file, { signal: controller.signal, onProgress })
      .then((result) => {
        if (!current()) return;
        change(key, result === undefined ? { status: 'cancelled' } : { status: 'done', result });
        if (result !== undefined) latest.current.onDone?.(result, file);
      })
      .catch((failure: unknown) => {
        if (current() && !isAbortError(failure)) change(key, { status: 'failed', error: formErrorText(failure) });
      })
      .finally(() => current() && running.current.delete(key));
  }

  const queued = (file: File): FileUpload<T> => ({ key: `upload-${++nextKey}`, file, state: { status: 'queued' } });

  /** Starts each file; answers their uploads, in the order given. */
  function add(files: File[]) {
    const added = files.map(queued);
    setUploads((list) => [...list, ...added]);
    added.forEach(run);
    return added;
  }

  function clear() {
    for (const key of running.current.keys()) stop(key);
    setUploads([]);
  }

  function replace(file: File) {
    clear();
    return add([file])[0];
  }

  function cancel(key: string) {
    if (!running.current.has(key)) return;
    stop(key);
    change(key, { status: 'cancelled' });
  }

  function retry(key: string) {
    const upload = uploads.find((one) => one.key === key);
    if (!upload || !canRetry(upload.state)) return;
    change(key, { status: 'queued' });
    run(upload);
  }

  function remove(key: string) {
    stop(key);
    setUploads((list) => list.filter((upload) => upload.key !== key));
  }

  return { uploads, add, replace, cancel, retry, remove, clear };
}
