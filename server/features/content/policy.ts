import type { Content, Tier } from '../../db/schema';
import { type Actor, canCreateTier, ownsOrAdmin } from '../tiers/policy';

/**
 * Who may do what with content and courses (content media and course pages only to those
 * entitled: an active subscriber with the item released, a course buyer, the owner,
 * an admin). Pure: the caller loads the facts (released to the caller? bought?) and passes them.
 */
export type { Actor };

/** Facilitators (and admins) create content, as they create tiers. */
export const canCreateContent = (user: Actor): boolean => canCreateTier(user);

/** The content form, saving and deleting: the owner or an admin. */
export const canEditContent = (user: Actor, item: Pick<Content, 'userId'>): boolean => ownsOrAdmin(user, item);

/** An upload attached to content: one's own, or any for an admin. */
export const canAttachUpload = (user: Actor, file: { ownerId: string | null }): boolean =>
  ownsOrAdmin(user, { userId: file.ownerId });

/**
 * An item and its media: the owner, an admin, or a member to whom it is released. `released` is
 * the one fact library.ts releasedAmong loads: the release engine released it to them, or it is
 * the recording of a session they booked (or of its series, or shared with a tier they hold).
 */
export const canViewContent = (user: Actor, item: Pick<Content, 'userId'>, facts: { released: boolean }): boolean =>
  user !== null && (ownsOrAdmin(user, item) || facts.released);

/** A course page: its owner, an admin, or a member who holds it (bought, and still entitled). */
export const canViewCourse = (user: Actor, course: Pick<Tier, 'userId'>, facts: { holds: boolean }): boolean =>
  user !== null && (ownsOrAdmin(user, course) || facts.holds);

/** The owner's view of a course (queue order, every item) rather than the member's releases. */
export const seesCourseAsOwner = (user: Actor, course: Pick<Tier, 'userId'>): boolean => ownsOrAdmin(user, course);
