import WebSocket from 'ws';

/** A websocket client for tests: collects every frame and waits for the ones asked for. */
export async function liveClient(baseUrl: string, opts: { token?: string; origin?: string } = {}) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live`, {
    headers: opts.origin ? { origin: opts.origin } : {},
  });
  const frames: Record<string, unknown>[] = [];
  const waiters: Array<() => void> = [];
  let closeCode: number | undefined;
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()));
    waiters.splice(0).forEach((w) => w());
  });
  socket.on('close', (code) => {
    closeCode = code;
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  /** Resolves with the first frame matching `match`, or rejects after `ms`. */
  const next = (match: (f: Record<string, unknown>) => boolean, ms = 5_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(frames)}`)),
        ms,
      );
      const check = () => {
        const found = frames.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else if (closeCode !== undefined) {
          clearTimeout(timer);
          reject(new Error(`socket closed (${closeCode})`));
        } else waiters.push(check);
      };
      check();
    });
  const closed = () =>
    new Promise<number>((resolve) =>
      closeCode !== undefined ? resolve(closeCode) : socket.once('close', (code) => resolve(code)),
    );

  if (opts.token) {
    socket.send(JSON.stringify({ type: 'auth', token: opts.token }));
    await next((f) => f.type === 'ready');
  }
  return {
    socket,
    frames,
    next,
    closed,
    send: (frame: unknown) => socket.send(JSON.stringify(frame)),
    close: () => socket.close(),
  };
}
