import {
  ImageUploadAnswer,
  ImageUploadAuthAnswer,
  UPLOAD_AUTH_TIMEOUT_MS,
  type ImageConfigAnswer,
} from '@common/uploads/schemas';
import { parseJson, redirectToLogin } from '@web/api/client';
import { abortError, bearerFor, sendUpload, type UploadTransfer } from '@web/api/upload';

/**
 * The ImageKit-compatible upload: fetch a one-time signature from the authentication endpoint,
 * then POST the file as multipart to the image host (through the one upload transport), which
 * answers with the stored `filePath`. Works against Tend's built-in host and against real
 * ImageKit alike.
 */

// The image upload's messages; the first five are the ImageKit SDK's own, word for word.
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

export type ImageUploadRequest = UploadTransfer & {
  file?: Blob | null;
  fileName?: string | null;
  authTimeoutMs?: number;
};

export type UploadedImage = {
  /** The stored path, without a leading slash: the app always stores image paths that way. */
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

/**
 * Uploads one image; resolves with its stored path (no leading slash), or nothing when our own
 * host answered 401 (the user is on the way to /login). Aborting the signal cancels whichever
 * request runs and rejects with an AbortError.
 */
export async function uploadImage(host: ImageHost, request: ImageUploadRequest): Promise<UploadedImage | undefined> {
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

  const answer = await sendUpload(target.uploadUrl, form, request);
  if (answer === undefined) return undefined;
  const parsed = ImageUploadAnswer.safeParse(answer);
  if (!parsed.success || !parsed.data.filePath) throw new ImageUploadError(UPLOAD_MESSAGES.uploadInvalid);
  return { ...parsed.data, filePath: parsed.data.filePath.replace(/^\/+/, '') };
}

/** GET the one-time signature, giving up after the timeout (60 seconds unless told otherwise). */
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
    const res = await fetch(endpoint, { headers: bearerFor(endpoint), signal: controller.signal, cache: 'no-store' });
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

/** Tend answers `{error, message}`; ImageKit answers `{message, help}`. */
function answerMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message.trim()) return message;
  if (typeof error === 'string' && error.trim() && !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(error)) return error;
  return undefined;
}
