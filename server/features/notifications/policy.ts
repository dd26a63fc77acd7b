import type { Notification } from '../../db/schema';
import { type Actor, canUseApp } from '../auth/policy';

/**
 * Notifications: a notification is its addressee's alone; nobody else
 * (an admin neither) lists it or marks it viewed, and it stays unknown to them (404).
 */
export const canViewNotification = (actor: Actor, notification: Pick<Notification, 'userId'>): boolean =>
  actor !== null && notification.userId === actor.id;

/** Settings → Email notifications: every signed-in account chooses its own, whatever its role. */
export const canChooseEmails = (actor: Actor): actor is NonNullable<Actor> => canUseApp(actor);

/**
 * One-click unsubscribe: no session; the signed link is the permission, and it
 * names the one user and the one type it may turn off.
 */
export const canUnsubscribeWith = <T>(link: T | null): link is T => link !== null;
