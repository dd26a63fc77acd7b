import { api } from '@web/api/client';

/**
 * POST app/session/{id}/joined: tells the server I clicked the join link (it pre-fills my
 * attendance). The link opens anyway: a failed record never stands between a member and the room.
 */
export function recordJoin(sessionId: string) {
  api.call(`app/session/${encodeURIComponent(sessionId)}/joined`, {}).catch(() => undefined);
}
