// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { FakeWebSocket, installFakeWebSocket } from '@web/testing/fake-web-socket';
import {
  LiveConnection,
  liveUrl,
  reconnectDelay,
  startLive,
  subscribeLive,
  useLiveConnection,
  type LiveEvent,
  type LiveStatus,
} from './live-connection';

const ROOM = '33333333-3333-4333-8333-333333333333';
const message = {
  _id: 'm1',
  room: ROOM,
  user: 'u1',
  text: 'Hello',
  postedDate: '2025-03-04T10:00:00.000Z',
  clientKey: null,
};

let events: LiveEvent[];
let statuses: LiveStatus[];
let connection: LiveConnection;
let online = true;

function startConnection(token: string | null = 'tok-1') {
  connection = new LiveConnection({
    emit: (event) => events.push(event),
    onStatus: (status) => statuses.push(status),
    token: () => token,
    url: () => 'ws://tend.test/api/live',
    // no jitter taken off: the waits are exactly 1 s, 2 s, 4 s …
    random: () => 1,
  });
  connection.start();
}

beforeEach(() => {
  vi.useFakeTimers();
  installFakeWebSocket();
  events = [];
  statuses = [];
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  connection?.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reconnectDelay', () => {
  it('doubles from 1 s to at most 30 s, with up to half taken off at random', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(10, () => 0)).toBe(15000);
  });
});

describe('liveUrl', () => {
  it('uses ws: for http and wss: for https on the same host', () => {
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/live');
    expect(liveUrl({ protocol: 'https:', host: 'tend.example' })).toBe('wss://tend.example/api/live');
  });
});

describe('LiveConnection', () => {
  it('sends the auth frame with the token first, then is open on ready', () => {
    startConnection('tok-1');
    const socket = FakeWebSocket.latest;
    expect(socket.url).toBe('ws://tend.test/api/live');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'tok-1' }]);
    socket.receive({ type: 'ready' });
    expect(connection.status).toBe('open');
    expect(events).toEqual([{ type: 'ready' }]);
  });

  it('opens nothing without a token', () => {
    startConnection(null);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(connection.status).toBe('signed-out');
  });

  it('passes parsed frames to the listener and ignores invalid ones', () => {
    startConnection();
    const socket = FakeWebSocket.latest;
    socket.accept();
    socket.receive('not json');
    socket.receive({ type: 'message', room: ROOM });
    socket.receive({ type: 'gossip' });
    socket.receive({ type: 'message', room: ROOM, message });
    socket.receive({ type: 'notification' });
    socket.receive({ type: 'pong' });
    expect(events).toEqual([{ type: 'ready' }, { type: 'message', room: ROOM, message }, { type: 'notification' }]);
  });

  it('reconnects after drops waiting 1 s, 2 s, 4 s, and starts again from 1 s once ready', () => {
    startConnection();
    FakeWebSocket.latest.accept();

    FakeWebSocket.latest.serverClose(1006);
    expect(connection.status).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    FakeWebSocket.latest.serverClose(1006);
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);

    FakeWebSocket.latest.serverClose(1006);
    vi.advanceTimersByTime(3999);
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(4);

    FakeWebSocket.latest.accept();
    expect(FakeWebSocket.latest.sent[0]).toEqual({ type: 'auth', token: 'tok-1' });
    expect(events.filter((e) => e.type === 'reconnected')).toHaveLength(1);
    FakeWebSocket.latest.serverClose(1006);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(5);
  });

  it('never waits more than 30 s between attempts', () => {
    startConnection();
    for (let n = 0; n < 8; n++) {
      FakeWebSocket.latest.serverClose(1006);
      vi.advanceTimersByTime(30_000);
    }
    expect(FakeWebSocket.instances).toHaveLength(9);
  });

  it('does not reconnect after close code 4001 (signed out)', () => {
    startConnection();
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.serverClose(4001);
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(connection.status).toBe('signed-out');
  });

  it('a 1013 close (the server could not check the session) is not signed out: it retries with backoff', () => {
    startConnection();
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.serverClose(1013);
    expect(connection.status).toBe('connecting');
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.serverClose(1013);
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest.accept();
    expect(FakeWebSocket.latest.sent[0]).toEqual({ type: 'auth', token: 'tok-1' });
    expect(connection.status).toBe('open');
  });

  it("turns the server's resync frame into 'reconnected', so open views fetch what they show again", () => {
    startConnection();
    FakeWebSocket.latest.accept();
    FakeWebSocket.latest.receive({ type: 'resync' });
    expect(events).toEqual([{ type: 'ready' }, { type: 'reconnected' }]);
    // the socket itself stays as it is
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(connection.status).toBe('open');
  });

  it("emits 'reconnected' after the ready of a later connection only", () => {
    startConnection();
    FakeWebSocket.latest.accept();
    expect(events).not.toContainEqual({ type: 'reconnected' });
    FakeWebSocket.latest.serverClose(1006);
    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest.open();
    expect(events).not.toContainEqual({ type: 'reconnected' });
    FakeWebSocket.latest.receive({ type: 'ready' });
    expect(events.at(-1)).toEqual({ type: 'reconnected' });
  });

  it('pings every 25 s and reconnects when a beat goes unanswered', () => {
    startConnection();
    const socket = FakeWebSocket.latest;
    socket.accept();
    vi.advanceTimersByTime(25_000);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    socket.receive({ type: 'pong' });
    vi.advanceTimersByTime(25_000);
    expect(socket.sent.filter((f) => (f as { type: string }).type === 'ping')).toHaveLength(2);
    expect(socket.closedWith).toBeUndefined();
    // no pong this time
    vi.advanceTimersByTime(25_000);
    expect(socket.closedWith).toBe(4000);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('waits while the tab is offline and connects at once when it is back online', () => {
    startConnection();
    FakeWebSocket.latest.accept();
    online = false;
    window.dispatchEvent(new Event('offline'));
    FakeWebSocket.latest.serverClose(1006);
    expect(connection.status).toBe('offline');
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest.accept();
    expect(events.at(-1)).toEqual({ type: 'reconnected' });
  });

  it('closes the socket and stops reconnecting when stopped', () => {
    startConnection();
    const socket = FakeWebSocket.latest;
    socket.accept();
    connection.stop();
    expect(socket.closedWith).toBe(1000);
    socket.serverClose(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(statuses.at(-1)).toBe('idle');
  });
});

describe('subscribeLive', () => {
  it("gives listeners this tab's frames from startLive's connection, authenticated with the stored token", () => {
    localStorage.setItem('token', 'stored-token');
    const heard: LiveEvent[] = [];
    const unsubscribe = subscribeLive((event) => heard.push(event));
    const stop = startLive();
    const socket = FakeWebSocket.latest;
    expect(socket.url).toBe(`ws://${window.location.host}/api/live`);
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'stored-token' }]);
    socket.receive({ type: 'ready' });
    socket.receive({ type: 'message', room: ROOM, message });
    socket.receive({ type: 'message', room: ROOM, message: { ...message, postedDate: 5 } });
    unsubscribe();
    socket.receive({ type: 'notification' });
    stop();
    localStorage.clear();
    expect(heard).toEqual([{ type: 'ready' }, { type: 'message', room: ROOM, message }]);
  });
});

describe('useLiveConnection', () => {
  it("opens the socket in a task after the layout's first commit, and closes it when unmounted", () => {
    localStorage.setItem('token', 'stored-token');
    const { unmount } = renderHook(() => useLiveConnection('u1'));
    expect(FakeWebSocket.instances).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.latest;
    unmount();
    expect(socket.closedWith).toBe(1000);
    localStorage.clear();
  });

  it('opens none when unmounted before that task, or without a user', () => {
    localStorage.setItem('token', 'stored-token');
    renderHook(() => useLiveConnection('u1')).unmount();
    renderHook(() => useLiveConnection(null));
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(0);
    localStorage.clear();
  });
});
