import type { FastifyPluginAsync } from 'fastify';
import { LIVE_AUTH_TIMEOUT_MS, LIVE_CLOSE, LiveClientFrame } from '../../../common/realtime/schemas';
import { resolveSession } from '../auth/sessions';

/**
 * GET /api/live: the websocket (DESIGN.md §2, §7). The page's origin must be this site; the
 * session token arrives in the first frame, never in the URL (which would be logged).
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const allowedOrigin = new URL(ctx.config.publicUrl).origin;

  app.get('/live', { websocket: true, schema: { hide: true } }, (socket, req) => {
    if (!sameSite(req.headers.origin, allowedOrigin, req.headers.host)) {
      socket.close(LIVE_CLOSE.forbiddenOrigin, 'Origin not allowed');
      return;
    }
    let detach: (() => Promise<void>) | undefined;
    // set before the first await: a second auth frame arriving meanwhile must not attach twice
    let signingIn = false;
    const timer = setTimeout(() => socket.close(LIVE_CLOSE.unauthenticated, 'Sign in first'), LIVE_AUTH_TIMEOUT_MS);

    socket.on('message', async (raw: Buffer) => {
      let frame: LiveClientFrame;
      try {
        frame = LiveClientFrame.parse(JSON.parse(raw.toString()));
      } catch {
        return socket.close(1008, 'Bad frame');
      }
      if (frame.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
      if (signingIn) return; // signed in, or signing in: one session per socket
      signingIn = true;
      const resolved = await resolveSession(ctx.db, frame.token).catch(() => null);
      if (!resolved) return socket.close(LIVE_CLOSE.unauthenticated, 'Sign in first');
      clearTimeout(timer);
      detach = await ctx.live.attach(resolved.user.id, socket, resolved.tokenHash);
      if (socket.readyState !== 1) return void detach();
      socket.send(JSON.stringify({ type: 'ready' }));
    });
    socket.on('close', () => {
      clearTimeout(timer);
      void detach?.();
    });
  });
};

/**
 * Same site: no Origin (not a browser), the configured public URL, or the host the browser
 * connected to (a dev proxy). An Origin that is not a URL ('null' from a sandboxed page) is not.
 */
function sameSite(origin: string | undefined, allowedOrigin: string, host: string | undefined) {
  if (!origin) return true;
  if (origin === allowedOrigin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
