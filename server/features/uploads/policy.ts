import type { User } from '../../db/schema';
import { type Actor, canAdminister, canUseApp, hasConfirmedEmail } from '../auth/policy';

/**
 * Who may do what with uploads, each rule once and deny-by-default. The
 * facts a rule needs (bytes stored, who may see the content using a file) are loaded by the
 * service and passed in.
 */

/** Uploading: confirmed accounts only. */
export const canUpload = (actor: Actor): boolean => canUseApp(actor) && hasConfirmedEmail(actor);

/** The bytes an account may still upload: UPLOAD_QUOTA_MB each, admins without limit. */
export function uploadRoomLeft(actor: Actor, quotaBytes: number, storedBytes: number): number {
  if (!canUpload(actor)) return 0;
  if (canAdminister(actor)) return Number.POSITIVE_INFINITY;
  return Math.max(0, quotaBytes - storedBytes);
}

/** What is known about who may see a media file beyond its uploader. */
export type MediaUse = {
  /** content using it was released to the actor (an active subscription) */
  entitledToContent: boolean;
  /** a post the actor can see uses it */
  seesPost: boolean;
};

/**
 * A media file is served to its uploader, an admin, or someone entitled to content that uses it
 * (released to them through an active subscription), or to a post they can see.
 */
export const canAccessMedia = (actor: Actor, file: { ownerId: string | null }, use: MediaUse): boolean =>
  canUseApp(actor) && (canAdminister(actor) || file.ownerId === actor.id || use.entitledToContent || use.seesPost);

/** Whether `user` is the uploader or an admin, who need no further facts. */
export const ownsOrAdministers = (user: User, file: { ownerId: string | null }) =>
  canAccessMedia(user, file, { entitledToContent: false, seesPost: false });
