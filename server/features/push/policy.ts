import { type Actor, canUseApp } from '../auth/policy';
import type { PushDevice } from './queries';

/**
 * Web Push: every signed-in account, whatever its role, turns push on for its own devices,
 * chooses its own kinds and sees and removes its own devices; nobody else's, an admin's neither
 * (another's device is unknown to them: 404).
 */
export const canUsePush = (actor: Actor): actor is NonNullable<Actor> => canUseApp(actor);

/** A device a member may remove: their own. */
export const canRemoveDevice = (actor: Actor, device: Pick<PushDevice, 'userId'> | undefined): boolean =>
  actor !== null && device !== undefined && device.userId === actor.id;

/**
 * A device belongs to a sign-in session (signing out deletes it), so it is made only by a request
 * whose session is known and live.
 */
export const canSubscribeFrom = (sessionId: string | null): sessionId is string => sessionId !== null;

/**
 * The service worker's resubscribe has no session: the old endpoint is the permission. Only
 * that browser, its push service and this server know it, and it names exactly one device, whose
 * owner and session the new subscription keeps.
 */
export const canReplaceSubscription = (device: Pick<PushDevice, 'id'> | undefined): device is PushDevice =>
  device !== undefined;

/** The public key a browser subscribes with is public: anyone may read it. */
export const canReadPushKey = (_actor: Actor): boolean => true;
