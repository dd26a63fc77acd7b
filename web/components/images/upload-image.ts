import {
  ImageUploadAnswer,
  ImageUploadAuthAnswer,
  UPLOAD_AUTH_TIMEOUT_MS,
  type ImageConfigAnswer,
} from '@common/uploads/schemas';
import { getToken, redirectToLogin } from '@web/api/client';

/**
 * The ImageKit-compatible upload (spec 01 §7 Image upload): fetch a one-time signature from the
 * authentication endpoint, then POST the file as multipart to the image host, which answers with
 * the stored `filePath`. Works against Tend's built-in host and against real ImageKit alike.
 */

// spec 01 §8, image upload service messages (the first five verbatim).
export const UPLOAD_MESSAGES = {
  missingUrlEndpoint: 'Missing urlEndpoint during SDK initialization',
  missingFile: 'Missing file parameter for upload',
  missingFileName: 'Missing fileName parameter for upload',
  missingAuthEndpoint: 'Missing authentication endpoint for upload',
  missingPublicKey: 'Missing public key for upload',
  missingUploadUrl: 'Missing upload endpoint for upload',
  authTimeout: `The authentication endpoint timed out in ${UPLOAD_AUTH_TIMEOUT_MS / 1000} seconds`,
  authNetwork: 'The authentication endpoint failed due to a network error',
  authInvalid: 'Invalid answer from the authentication endpoint: it must carry signature, token and expire',
  uploadNetwork: 'The upload endpoint failed due to a network error',
  uploadInvalid: 'Invalid answer from the upload endpoint: it must carry filePath',
  signedOut: 'Please sign in again to upload images',
} as const;

/** Tend's own signature endpoint (GET, signed in). */
export const IMAGE_UPLOAD_AUTH_PATH = '/api/image-upload-auth';

export class ImageUploadError extends Error {
  constructor(
    message: string,
    /** The HTTP status when a server answered; undefined for setup and network failures. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ImageUploadError';
  }
}

/** Where images go; `authenticationEndpoint` defaults to Tend's own. */
export type ImageHost = Partial<ImageConfigAnswer> & { authenticationEndpoint?: string };

export type ImageUploadRequest = {
  file?: Blob | null;
  fileName?: string | null;
  /** 0..100 while the bytes are sent. */
  onProgress?: (percent: number) => void;
  /** Aborting rejects with an AbortError and cancels whichever request is running. */
  signal?: AbortSignal;
  authTimeoutMs?: number;
};

export type UploadedImage = {
  /** The stored path, without a leading slash (spec 01 §3). */
  filePath: string;
  fileId: string;
  name: string;
  size: number;
};

export type UploadAuth = { signature: string; token: string; expire: number };

/**
 * Throws the first missing piece, in the order the ImageKit SDK checks them: the host's
 * urlEndpoint (at initialisation), then file, fileName, authentication endpoint and public key.
 */
export function checkImageUpload(host: ImageHost, request: ImageUploadRequest): asserts host is Required<ImageHost> {
  if (!host.urlEndpoint) throw new ImageUploadError(UPLOAD_MESSAGES.missingUrlEndpoint);
  if (!request.file) throw new ImageUploadError(UPLOAD_MESSAGES.missingFile);
  if (!request.fileName) throw new ImageUploadError(UPLOAD_MESSAGES.missingFileName);
  if (!host.authenticationEndpoint) throw new ImageUploadError(UPLOAD_MESSAGES.missingAuthEndpoint);
  if (!host.publicKey) throw new ImageUploadError(UPLOAD_MESSAGES.missingPublicKey);
  if (!host.uploadUrl) throw new ImageUploadError(UPLOAD_MESSAGES.missingUploadUrl);
}

/** The authentication answer must carry signature, token and expire. */
export function checkAuthAnswer(body: unknown): UploadAuth {
  const parsed = ImageUploadAuthAnswer.safeParse(body);
  if (!parsed.success || !parsed.data.signature || !parsed.data.token) {
    throw new ImageUploadError(UPLOAD_MESSAGES.authInvalid);
  }
  return parsed.data;
}

/** Uploads one image; resolves with its stored path (no leading slash). */
export async function uploadImage(host: ImageHost, request: ImageUploadRequest): Promise<UploadedImage> {
  const target = { ...host, authenticationEndpoint: host.authenticationEndpoint ?? IMAGE_UPLOAD_AUTH_PATH };
  checkImageUpload(target, request);
  const auth = await fetchUploadAuth(target.authenticationEndpoint, {
    signal: request.signal,
    timeoutMs: request.authTimeoutMs ?? UPLOAD_AUTH_TIMEOUT_MS,
  });

  const form = new FormData();
  form.append('file', request.file as Blob, request.fileName as string);
  form.append('fileName', request.fileName as string);
  form.append('publicKey', target.publicKey);
  form.append('signature', auth.signature);
  form.append('expire', String(auth.expire));
  form.append('token', auth.token);

  const answer = await postImage(target.uploadUrl, form, request);
  const parsed = ImageUploadAnswer.safeParse(answer);
  if (!parsed.success || !parsed.data.filePath) throw new ImageUploadError(UPLOAD_MESSAGES.uploadInvalid);
  return { ...parsed.data, filePath: parsed.data.filePath.replace(/^\/+/, '') };
}

/** GET the one-time signature, giving up after the timeout (spec 01 §9: 60,000 ms). */
export async function fetchUploadAuth(
  endpoint: string,
  { signal, timeoutMs = UPLOAD_AUTH_TIMEOUT_MS }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<UploadAuth> {
  signal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });

  let status: number;
  let statusText: string;
  let body: unknown;
  try {
    const res = await fetch(endpoint, { headers: authHeaders(endpoint), signal: controller.signal, cache: 'no-store' });
    status = res.status;
    statusText = res.statusText;
    body = parseJson(await res.text());
  } catch (error) {
    if (timedOut) throw new ImageUploadError(UPLOAD_MESSAGES.authTimeout, undefined, { cause: error });
    if (signal?.aborted) throw abortError();
    throw new ImageUploadError(UPLOAD_MESSAGES.authNetwork, undefined, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }

  if (status === 401) {
    redirectToLogin();
    throw new ImageUploadError(UPLOAD_MESSAGES.signedOut, 401);
  }
  if (status !== 200) throw new ImageUploadError(answerMessage(body) ?? (statusText || `HTTP ${status}`), status);
  return checkAuthAnswer(body);
}

/** The multipart POST with progress; XHR because fetch cannot report upload progress. */
function postImage(uploadUrl: string, form: FormData, { onProgress, signal }: ImageUploadRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl);
    for (const [name, value] of Object.entries(authHeaders(uploadUrl))) xhr.setRequestHeader(name, value);
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
      reject(new ImageUploadError(UPLOAD_MESSAGES.uploadNetwork));
    };
    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status === 401 && isSameOrigin(uploadUrl)) {
        redirectToLogin();
        reject(new ImageUploadError(UPLOAD_MESSAGES.signedOut, 401));
      } else if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ImageUploadError(answerMessage(body) ?? (xhr.statusText || `HTTP ${xhr.status}`), xhr.status));
      } else {
        onProgress?.(100);
        resolve(body);
      }
    };
    xhr.send(form);
  });
}

/** The bearer token goes only to our own origin: a third-party image host must never see it. */
function authHeaders(url: string): Record<string, string> {
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

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Tend answers `{error, message}`; ImageKit answers `{message, help}`. */
function answerMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message.trim()) return message;
  if (typeof error === 'string' && error.trim() && !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(error)) return error;
  return undefined;
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
