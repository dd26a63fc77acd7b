import { z } from 'zod';
import { MessageAnswer } from '../messages/schemas';

/**
 * The live connection: a websocket at /api/live. The browser
 * authenticates with its first frame (never a token in the URL, which would end up in logs).
 */
export const LIVE_PATH = '/api/live';
/**
 * The server closes a socket whose auth frame has not arrived within this time from the connect
 * (the client's part only: the server's own session lookup is not counted).
 */
export const LIVE_AUTH_TIMEOUT_MS = 5_000;
/**
 * Close codes: 4001 unauthenticated (the only one after which the client stays closed: signed out),
 * 4003 origin refused, 4029 too many connections, 1013 try again later (the server could not check
 * the session, e.g. its database is unavailable), 1011 a server fault: the client retries these later.
 */
export const LIVE_CLOSE = {
  unauthenticated: 4001,
  forbiddenOrigin: 4003,
  tooMany: 4029,
  tryAgain: 1013,
  serverError: 1011,
} as const;
/** Open sockets one instance accepts per signed-in user (tabs and devices) and per IP address. */
export const LIVE_LIMITS = { perUser: 20, perIp: 100 } as const;

export const LiveClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientFrame = z.infer<typeof LiveClientFrame>;

export const LiveServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  /** The messages list refreshes on a frame containing the word message */
  z.object({ type: z.literal('message'), room: z.string(), message: MessageAnswer }),
  z.object({ type: z.literal('notification') }),
  /**
   * Signals may have been missed (the server's connection to the live channel dropped and came
   * back): every open view fetches what it shows again, as after a reconnect of the socket.
   */
  z.object({ type: z.literal('resync') }),
]);
export type LiveServerFrame = z.infer<typeof LiveServerFrame>;
