// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, sendOnExit } from './client';
import { EARLY_ANSWER_TTL_MS, EARLY_ANSWERS } from './early-answers';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function answerWith(status: number, body?: unknown) {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('delete calls (the API call conventions)', () => {
  it('send DELETE with the bearer token; remove answers whether it went through', async () => {
    localStorage.setItem('token', 't1');
    const fetchMock = answerWith(200, { deleted: true });
    expect(await api.remove('admin/tag/7')).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/tag/7', {
      method: 'DELETE',
      headers: { Authorization: 'Bearer t1' },
    });
    answerWith(409, { message: 'In use' });
    expect(await api.remove('admin/tag/7')).toBe(false);
  });

  it("removeOrThrow throws the refusal with the server's message", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answerWith(409, { error: 'conflict', message: 'This tier still has active subscribers.' });
    const refusal = await api.removeOrThrow('admin/tier/7').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(409);
    expect((refusal as ApiError).serverMessage).toBe('This tier still has active subscribers.');
    answerWith(200);
    await expect(api.removeOrThrow('admin/tier/7')).resolves.toBeUndefined();
  });

  it('both send a 401 to /login and neither throws', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/admin/tags', search: '', assign });
    answerWith(401);
    expect(await api.remove('admin/tag/7')).toBe(false);
    await expect(api.removeOrThrow('admin/tag/7')).resolves.toBeUndefined();
    expect(assign).toHaveBeenCalledTimes(2);
    expect(assign).toHaveBeenCalledWith('/login?rd=%2Fadmin%2Ftags');
  });
});

describe('a call that replaces a record (PUT)', () => {
  it('sends PUT with its JSON body and the bearer token, in the page and on exit', async () => {
    localStorage.setItem('token', 't2');
    const fetchMock = answerWith(200, { saved: true });
    expect(await api.call('app/playback-position/7', { position: 1 }, { method: 'PUT' })).toEqual({ saved: true });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/app/playback-position/7', {
      method: 'PUT',
      headers: { Authorization: 'Bearer t2', 'Content-Type': 'application/json' },
      body: '{"position":1}',
    });
    sendOnExit('app/playback-position/7', { position: 2 }, 'PUT');
    expect(fetchMock).toHaveBeenLastCalledWith('/api/app/playback-position/7', {
      method: 'PUT',
      keepalive: true,
      headers: { Authorization: 'Bearer t2', 'Content-Type': 'application/json' },
      body: '{"position":2}',
    });
  });

  it('without a method a payload still goes as POST', async () => {
    const fetchMock = answerWith(200, {});
    await api.call('app/track-engagement', { content: 'c', milliseconds: 1 });
    expect(fetchMock.mock.calls[0]).toMatchObject(['/api/app/track-engagement', { method: 'POST' }]);
  });
});

describe('a 401 ends the session on this device', () => {
  it('forgets what the member kept for offline before the page goes to /login', async () => {
    const { memberStorage } = await import('./member-data');
    await memberStorage().change('practice-queue', () => [{ key: 'k1' }]);
    localStorage.setItem('token', 'expired');
    const assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/', search: '', assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"unauthorized"}', { status: 401 })),
    );
    expect(await api.call('app/content')).toBeUndefined();
    expect(await memberStorage().read('practice-queue')).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/login?rd=%2F');
  });
});

describe('answers the service worker kept', () => {
  it('are noted with the time they were kept; a fresh answer clears the note', async () => {
    const { savedAtOf } = await import('./saved-answers');
    const kept = '2026-12-07T08:42:00.000Z';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200, headers: { 'x-tend-saved-at': kept } })),
    );
    await api.call('app/content');
    await api.call('app/content-history?limit=24');
    expect(savedAtOf(['app/content', 'app/content-history'])).toEqual(new Date(kept));

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    await api.call('app/content');
    await api.call('app/content-history?limit=24');
    expect(savedAtOf(['app/content', 'app/content-history'])).toBeUndefined();
  });
});

describe('the server’s versions on every answer', () => {
  it('an answer from a server on another API contract sets the app updating', async () => {
    vi.resetModules();
    const { api: freshApi } = await import('./client');
    const { updateState } = await import('@web/app/app-update');
    vi.stubGlobal('location', { ...window.location, reload: vi.fn() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200, headers: { 'tend-api-version': '999' } })),
    );
    await freshApi.call('site');
    expect(updateState.get()).toBe('required');
    sessionStorage.clear();
  });

  it('a copy the service worker kept says nothing about the server now: its versions are not read', async () => {
    vi.resetModules();
    const { api: freshApi } = await import('./client');
    const { updateState } = await import('@web/app/app-update');
    vi.stubGlobal('location', { ...window.location, reload: vi.fn() });
    const keptBeforeADeployment = { 'tend-api-version': '999', 'x-tend-saved-at': '2026-12-07T08:42:00.000Z' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200, headers: keptBeforeADeployment })),
    );
    await freshApi.call('app/content');
    expect(updateState.get()).toBe('none');
  });
});

describe("the member's home's first calls, asked for by boot.ts before the app ran", () => {
  const leaveEarly = (token: string, url: string, answer: Promise<Response>) => {
    answer.catch(() => undefined);
    (window as unknown as Record<string, unknown>)[EARLY_ANSWERS] = {
      token,
      askedAt: Date.now(),
      answers: { [url]: answer },
    };
  };
  afterEach(() => Reflect.deleteProperty(window, EARLY_ANSWERS));

  it('takes the early answer once, for the same token; the next call goes to the network', async () => {
    localStorage.setItem('token', 't1');
    leaveEarly('t1', '/api/app/user-sessions', Promise.resolve(new Response(JSON.stringify(['early']))));
    const fetchMock = answerWith(200, ['fresh']);
    expect(await api.call('app/user-sessions')).toEqual(['early']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api.call('app/user-sessions')).toEqual(['fresh']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the network when the early call was for another token, failed, or is too old', async () => {
    localStorage.setItem('token', 't2');
    leaveEarly('t1', '/api/app/user-sessions', Promise.resolve(new Response(JSON.stringify(['not yours']))));
    const fetchMock = answerWith(200, ['mine']);
    expect(await api.call('app/user-sessions')).toEqual(['mine']);
    leaveEarly('t2', '/api/app/user-sessions', Promise.reject(new TypeError('Failed to fetch')));
    expect(await api.call('app/user-sessions')).toEqual(['mine']);
    leaveEarly('t2', '/api/app/user-sessions', Promise.resolve(new Response(JSON.stringify(['stale']))));
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + EARLY_ANSWER_TTL_MS + 1);
    expect(await api.call('app/user-sessions')).toEqual(['mine']);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
