import type { FastifyPluginAsync } from 'fastify';
import { LIVE_AUTH_TIMEOUT_MS, LIVE_CLOSE, LIVE_LIMITS, LiveClientFrame } from '../../../common/realtime/schemas';
import { isDatabaseUnavailable } from '../../platform/app-errors';
import { sessionOfToken } from '../auth/session-commands';

/** How long a socket may take to send its auth frame (tests shorten it, instead of waiting 5 s). */
export const liveSignIn = { timeoutMs: LIVE_AUTH_TIMEOUT_MS };

/**
 * GET /api/live: the websocket of live signals (messages, notifications, resyncs). The page's
 * origin must be this site; the session token arrives in the first frame, never in the URL
 * (which would be logged).
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const allowedOrigin = new URL(ctx.config.publicUrl).origin;
  // this instance's open sockets per IP and per user: one address or account cannot hold thousands
  const perIp = new Map<string, number>();
  const perUser = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string, by: 1 | -1) => {
    const n = (map.get(key) ?? 0) + by;
    if (n <= 0) map.delete(key);
    else map.set(key, n);
    return n;
  };

  app.get('/live', { websocket: true, schema: { hide: true } }, (socket, req) => {
    if (!sameSite(req.headers.origin, allowedOrigin, req.headers.host)) {
      socket.close(LIVE_CLOSE.forbiddenOrigin, 'Origin not allowed');
      return;
    }
    if (bump(perIp, req.ip, 1) > LIVE_LIMITS.perIp) {
      bump(perIp, req.ip, -1);
      socket.close(LIVE_CLOSE.tooMany, 'Too many connections');
      return;
    }
    let detach: (() => Promise<void>) | undefined;
    let counted: string | undefined;
    // set before the first await: a second auth frame arriving meanwhile must not attach twice
    let signingIn = false;
    // the client's part only: stopped when its auth frame arrives, before the server's own lookup
    const timer = setTimeout(() => socket.close(LIVE_CLOSE.unauthenticated, 'Sign in first'), liveSignIn.timeoutMs);
    // our fault, not the tab's: it must not look signed out (4001), so it comes back later
    const serverFailed = (err: unknown) => {
      if (isDatabaseUnavailable(err)) return socket.close(LIVE_CLOSE.tryAgain, 'Try again later');
      req.log.error({ err }, 'live sign-in failed');
      return socket.close(LIVE_CLOSE.serverError, 'Server error');
    };

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
      clearTimeout(timer);
      let resolved: Awaited<ReturnType<typeof sessionOfToken>>;
      try {
        resolved = await sessionOfToken(ctx, frame.token);
      } catch (err) {
        return serverFailed(err);
      }
      if (!resolved) return socket.close(LIVE_CLOSE.unauthenticated, 'Sign in first');
      if (socket.readyState !== 1) return;
      counted = resolved.user.id;
      if (bump(perUser, counted, 1) > LIVE_LIMITS.perUser)
        return socket.close(LIVE_CLOSE.tooMany, 'Too many connections');
      try {
        detach = await ctx.live.attach(resolved.user.id, socket, resolved.tokenHash);
      } catch (err) {
        return serverFailed(err);
      }
      if (socket.readyState !== 1) return void detach();
      socket.send(JSON.stringify({ type: 'ready' }));
    });
    socket.on('close', () => {
      clearTimeout(timer);
      bump(perIp, req.ip, -1);
      if (counted) bump(perUser, counted, -1);
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
