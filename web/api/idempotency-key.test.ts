// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { ApiError, api, IN_PROGRESS_RETRIES } from './client';
import { newIdempotencyKey, useIntentKey } from './idempotency-key';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const inProgress = () => json(409, { error: 'request_in_progress', message: 'Still running' }, { 'retry-after': '1' });
const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string>)['idempotency-key'];

describe('Idempotency-Key on calls a user may retry (server/platform/idempotency.ts)', () => {
  it('sends the key when given, and no such header without one', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api.call('app/post', { text: 'hi' }, { idempotencyKey: 'k-1' });
    await api.call('app/post', { text: 'hi' });
    expect(keyOf(fetchMock.mock.calls[0]![1])).toBe('k-1');
    expect(fetchMock.mock.calls[1]![1]?.headers).not.toHaveProperty('idempotency-key');
  });

  it('waits Retry-After and asks again while the first request with the key still runs', async () => {
    vi.useFakeTimers();
    const answers = [inProgress(), inProgress(), json(200, { _id: 'p1' })];
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const answer = api.call('app/post', { text: 'hi' }, { idempotencyKey: 'k-2' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await answer).toEqual({ _id: 'p1' });
    expect(fetchMock.mock.calls.map(([, init]) => keyOf(init))).toEqual(['k-2', 'k-2', 'k-2']);
  });

  it('gives up after a few tries, and never retries a 409 without a key', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = vi.fn(async () => inProgress());
    vi.stubGlobal('fetch', fetchMock);
    const refused = api.call('app/post', { text: 'hi' }, { idempotencyKey: 'k-3' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await refused).toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(IN_PROGRESS_RETRIES + 1);

    fetchMock.mockClear();
    const plain = await api.call('app/post', { text: 'hi' }).catch((e: unknown) => e);
    expect((plain as ApiError).code).toBe('request_in_progress');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('useIntentKey: one key per user intent', () => {
  it('keeps the key while the same payload is sent again, and makes a new one for another payload or after done', () => {
    const { result } = renderHook(() => useIntentKey());
    const first = result.current.keyFor({ text: 'hello' });
    expect(result.current.keyFor({ text: 'hello' })).toBe(first);
    const edited = result.current.keyFor({ text: 'hello!' });
    expect(edited).not.toBe(first);
    result.current.done();
    expect(result.current.keyFor({ text: 'hello!' })).not.toBe(edited);
  });

  it('makes UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    expect(newIdempotencyKey()).toMatch(uuid);
  });
});
