import { ApiError, getToken, parseJson, signedOut } from './client';

/**
 * The one upload transport: a multipart POST through XMLHttpRequest, because fetch cannot report
 * upload progress. It keeps the API client's conventions: the bearer token (to our own origin
 * only: a third-party image host must never see it), a 401 from our own origin redirects to
 * /login and answers nothing, any other non-2xx throws an ApiError carrying the parsed
 * `{error, message}`. Aborting the signal cancels the request and rejects with an AbortError.
 */

export const UPLOAD_NETWORK_ERROR = 'The upload failed due to a network error';

export type UploadTransfer = {
  /** 0 when the bytes start to go, then 0..100 while they are sent, 100 when the answer came. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** POSTs `form` to `url` (a same-origin path such as apiUrl('app/upload'), or an image host's URL). */
export function sendUpload<T = unknown>(
  url: string,
  form: FormData,
  transfer: UploadTransfer = {},
): Promise<T | undefined> {
  const { onProgress, signal } = transfer;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(bearerFor(url))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const cancel = () => xhr.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    const settle = () => signal?.removeEventListener('abort', cancel);
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.onerror = () => {
      settle();
      reject(new Error(UPLOAD_NETWORK_ERROR));
    };
    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status === 401 && isSameOrigin(url)) {
        void signedOut().then(() => resolve(undefined));
      } else if (xhr.status < 200 || xhr.status >= 300) {
        console.warn(`Upload to ${url} answered ${xhr.status} ${xhr.statusText}`);
        reject(new ApiError(xhr.status, xhr.statusText, body));
      } else {
        onProgress?.(100);
        resolve(body as T);
      }
    };
    xhr.send(form);
    onProgress?.(0);
  });
}

/** The Authorization header for `url`: the bearer token goes to our own origin only. */
export function bearerFor(url: string): Record<string, string> {
  const token = getToken();
  return token && isSameOrigin(url) ? { Authorization: `Bearer ${token}` } : {};
}

export function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** What a cancelled upload rejects with, whichever request it was in. */
export const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
