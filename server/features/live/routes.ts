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
    const origin = req.headers.origin;
    // same site: the configured public URL, or the host the browser connected to (a dev proxy)
    if (origin && origin !== allowedOrigin && new URL(origin).host !== req.headers.host) {
      socket.close(LIVE_CLOSE.forbiddenOrigin, 'Origin not allowed');
      return;
    }
    let detach: (() => Promise<void>) | undefined;
    const timer = setTimeout(() => socket.close(LIVE_CLOSE.unauthenticated, 'Sign in first'), LIVE_AUTH_TIMEOUT_MS);

    socket.on('message', async (raw: Buffer) => {
      let frame: LiveClientFrame;
      try {
        frame = LiveClientFrame.parse(JSON.parse(raw.toString()));
      } catch {
        return socket.close(1008, 'Bad frame');
      }
      if (frame.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
      if (detach) return; // already signed in
      const resolved = await resolveSession(ctx.db, frame.token).catch(() => null);
      if (!resolved) return socket.close(LIVE_CLOSE.unauthenticated, 'Sign in first');
      clearTimeout(timer);
      detach = await ctx.live.attach(resolved.user.id, socket);
      if (socket.readyState !== 1) return void detach();
      socket.send(JSON.stringify({ type: 'ready' }));
    });
    socket.on('close', () => {
      clearTimeout(timer);
      void detach?.();
    });
  });
};
