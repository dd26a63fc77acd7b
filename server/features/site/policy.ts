import { type Actor, canAdminister } from '../auth/policy';

/**
 * Who may do what with the site settings. Everyone, visitors too, reads the brand
 * and the Terms, Privacy and Contact pages (they are shown before sign-in); only admins change them.
 */
export const canReadSite = (_actor: Actor): boolean => true;

/** Admin → Site settings: admins only. */
export const canEditSite = (actor: Actor): boolean => canAdminister(actor);
