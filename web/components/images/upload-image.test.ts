// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkAuthAnswer,
  checkImageUpload,
  fetchUploadAuth,
  uploadImage,
  UPLOAD_MESSAGES,
  type ImageHost,
} from './upload-image';
import { FakeXhr } from '@web/testing/fake-xhr';
import { ApiError } from '@web/api/client';
import { UPLOAD_NETWORK_ERROR } from '@web/api/upload';
import { formErrorText } from '@web/components/form/error-text';

const file = new Blob(['png bytes'], { type: 'image/png' });
const builtIn: ImageHost = { urlEndpoint: '/images', publicKey: 'public_tend', uploadUrl: '/api/images/upload' };
const imageKit: ImageHost = {
  urlEndpoint: 'https://ik.imagekit.io/tend',
  publicKey: 'public_abc',
  uploadUrl: 'https://upload.imagekit.io/api/v1/files/upload',
};
const auth = { signature: 'sig', token: 'tok', expire: 1_900_000_000 };

function answerAuth(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.setItem('token', 'member-token');
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the SDK's messages, before any call", () => {
  const request = { file, fileName: 'cat.png' };
  it.each([
    ['urlEndpoint', { ...builtIn, urlEndpoint: '' }, request, 'Missing urlEndpoint during SDK initialization'],
    ['file', builtIn, { ...request, file: undefined }, 'Missing file parameter for upload'],
    ['fileName', builtIn, { ...request, fileName: '' }, 'Missing fileName parameter for upload'],
    [
      'authentication endpoint',
      { ...builtIn, authenticationEndpoint: '' },
      request,
      'Missing authentication endpoint for upload',
    ],
    ['public key', { ...builtIn, publicKey: '' }, request, 'Missing public key for upload'],
  ])('a missing %s is refused with its message', async (_what, host, req, message) => {
    const fetchMock = answerAuth(200, auth);
    expect(() => checkImageUpload({ authenticationEndpoint: '/api/image-upload-auth', ...host }, req)).toThrow(message);
    await expect(uploadImage(host, req)).rejects.toThrow(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the host before the file, like the SDK does at initialisation', () => {
    expect(() => checkImageUpload({ publicKey: 'k' }, {})).toThrow(UPLOAD_MESSAGES.missingUrlEndpoint);
  });
});

describe('the authentication answer', () => {
  it.each([
    ['no signature', { token: 'tok', expire: 1 }],
    ['no token', { signature: 'sig', expire: 1 }],
    ['no expire', { signature: 'sig', token: 'tok' }],
    ['an empty signature', { signature: '', token: 'tok', expire: 1 }],
    ['not JSON', undefined],
  ])('with %s is invalid', (_what, body) => {
    expect(() => checkAuthAnswer(body)).toThrow(UPLOAD_MESSAGES.authInvalid);
  });

  it('with signature, token and expire is taken', () => {
    expect(checkAuthAnswer(auth)).toEqual(auth);
  });

  it('is fetched with the bearer token, and an incomplete answer is refused', async () => {
    const fetchMock = answerAuth(200, { signature: 'sig' });
    await expect(fetchUploadAuth('/api/image-upload-auth')).rejects.toThrow(UPLOAD_MESSAGES.authInvalid);
    const headers = fetchMock.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer member-token');
  });

  it('times out after 60 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    let settled = false;
    const result = fetchUploadAuth('/api/image-upload-auth').catch((error: Error) => {
      settled = true;
      return error;
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ message: 'The authentication endpoint timed out in 60 seconds' });
  });

  it('reports a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchUploadAuth('/api/image-upload-auth')).rejects.toThrow(UPLOAD_MESSAGES.authNetwork);
  });

  it("passes on the server's message for a refusal", async () => {
    answerAuth(429, { error: 'rate_limited', message: 'Too many uploads, try again in a minute' });
    await expect(fetchUploadAuth('/api/image-upload-auth')).rejects.toThrow('Too many uploads, try again in a minute');
  });
});

describe('the multipart upload', () => {
  it('sends the ImageKit fields with progress and stores the path without its leading slash', async () => {
    answerAuth(200, auth);
    FakeXhr.reply = (xhr) => {
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
      xhr.answer(200, { filePath: '/u/cat.png', fileId: 'f1', name: 'cat.png', size: 9 });
    };
    const progress: number[] = [];
    const image = await uploadImage(builtIn, { file, fileName: 'cat.png', onProgress: (p) => progress.push(p) });

    expect(image?.filePath).toBe('u/cat.png');
    expect(progress).toEqual([0, 50, 100]);
    const sent = FakeXhr.last!;
    expect([sent.method, sent.url]).toEqual(['POST', '/api/images/upload']);
    expect(sent.body?.get('fileName')).toBe('cat.png');
    expect(sent.body?.get('publicKey')).toBe('public_tend');
    expect(sent.body?.get('signature')).toBe('sig');
    expect(sent.body?.get('token')).toBe('tok');
    expect(sent.body?.get('expire')).toBe('1900000000');
    expect(sent.body?.get('file')).toBeInstanceOf(Blob);
    expect(sent.headers.Authorization).toBe('Bearer member-token');
  });

  it('never sends the bearer token to another origin', async () => {
    answerAuth(200, auth);
    FakeXhr.reply = (xhr) => xhr.answer(200, { filePath: 'cat.png', fileId: 'f1', name: 'cat.png', size: 9 });
    await uploadImage(imageKit, { file, fileName: 'cat.png' });
    expect(FakeXhr.last?.url).toBe('https://upload.imagekit.io/api/v1/files/upload');
    expect(FakeXhr.last?.headers).toEqual({});
  });

  it('reports a network failure of the upload endpoint', async () => {
    answerAuth(200, auth);
    FakeXhr.reply = (xhr) => xhr.onerror?.();
    await expect(uploadImage(builtIn, { file, fileName: 'cat.png' })).rejects.toThrow(UPLOAD_NETWORK_ERROR);
  });

  it("passes on the host's message for a refused file", async () => {
    answerAuth(200, auth);
    FakeXhr.reply = (xhr) =>
      xhr.answer(413, { error: 'too_large', message: 'File size too big. Images must be under 10mb' });
    const refusal = await uploadImage(builtIn, { file, fileName: 'cat.png' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(formErrorText(refusal)).toBe('File size too big. Images must be under 10mb');
  });

  it('an answer without filePath is refused', async () => {
    answerAuth(200, auth);
    FakeXhr.reply = (xhr) => xhr.answer(200, { ok: true });
    await expect(uploadImage(builtIn, { file, fileName: 'cat.png' })).rejects.toThrow(UPLOAD_MESSAGES.uploadInvalid);
  });

  it('can be cancelled', async () => {
    answerAuth(200, auth);
    const controller = new AbortController();
    FakeXhr.reply = () => controller.abort();
    await expect(uploadImage(builtIn, { file, fileName: 'cat.png', signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
