import type { BlockedPerson } from '../../../common/blocks/schemas';
import { fail } from '../../platform/errors';

/** One person I block, as Settings lists them. */
export const presentBlocked = (p: {
  id: string;
  name: string;
  profilePicture: string | null;
  isFacilitator: boolean;
  blockedAt: Date;
}): BlockedPerson => ({
  _id: p.id,
  name: p.name,
  profilePicture: p.profilePicture,
  isFacilitator: p.isFacilitator,
  blockedAt: p.blockedAt.toISOString(),
});

const waitText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
};

/**
 * The 429 of a new-account brake: a code per kind, when the oldest counted write leaves the hour
 * (`retryAt`, `retryAfter` seconds and the Retry-After header), and a sentence saying so.
 */
export function brakeRefusal(kind: 'post' | 'message', max: number, oldestCounted: Date, now: Date) {
  const retryAt = new Date(oldestCounted.getTime() + 3_600_000);
  const retryAfter = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const what = kind === 'post' ? `${max} posts and comments` : `${max} messages`;
  const again = kind === 'post' ? 'post' : 'send messages';
  return fail(
    429,
    kind === 'post' ? 'new_account_post_limit' : 'new_account_message_limit',
    `New accounts can write ${what} an hour. You can ${again} again ${waitText(retryAfter)}.`,
    { retryAfter, retryAt: retryAt.toISOString() },
    { 'retry-after': String(retryAfter) },
  );
}
