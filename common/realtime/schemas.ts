import { z } from 'zod';
import { MessageAnswer } from '../messages/schemas';

/**
 * The live connection (DESIGN.md §2 realtime): a websocket at /api/live. The browser
 * authenticates with its first frame (never a token in the URL, which would end up in logs).
 */
export const LIVE_PATH = '/api/live';
/** The server closes a socket that has not authenticated within this time. */
export const LIVE_AUTH_TIMEOUT_MS = 5_000;
/** Close codes: 4001 unauthenticated, 4003 origin refused, 4029 too many connections (the client retries later). */
export const LIVE_CLOSE = { unauthenticated: 4001, forbiddenOrigin: 4003, tooMany: 4029 } as const;
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
  /** spec 02 §2: the messages list refreshes on a frame containing the word message */
  z.object({ type: z.literal('message'), room: z.string(), message: MessageAnswer }),
  z.object({ type: z.literal('notification') }),
]);
export type LiveServerFrame = z.infer<typeof LiveServerFrame>;
