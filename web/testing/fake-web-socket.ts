import { vi } from 'vitest';

/**
 * A WebSocket stand-in for component and connection tests: the test plays the server with
 * `open()`, `receive(frame)` and `serverClose(code)`, and reads what the client sent in `sent`.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket created since `installFakeWebSocket()`, oldest first. */
  static instances: FakeWebSocket[] = [];
  static get latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No websocket was opened');
    return socket;
  }

  readyState = FakeWebSocket.CONNECTING;
  /** The frames the client sent, parsed. */
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send() before the socket opened');
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The server accepted the connection. */
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server sent a frame: an object (sent as JSON) or raw text. */
  receive(frame: unknown) {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The server (or the network) closed the connection. */
  serverClose(code = 1006) {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** open() then receive({type:'ready'}): authenticated and live. */
  accept() {
    this.open();
    this.receive({ type: 'ready' });
  }
}

/** Replaces globalThis.WebSocket with FakeWebSocket (undone by vi.unstubAllGlobals). */
export function installFakeWebSocket() {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket;
}
