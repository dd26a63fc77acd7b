import type { ContentImport } from '../../db/schema';
import { canCreateContent } from '../content/policy';
import { type Actor, ownsOrAdmin } from '../tiers/policy';

/**
 * Who may import content in bulk: whoever may create content (facilitators and admins), into
 * tiers they own (checked by the service as content's own rule is). Pure and deny-by-default.
 */
export const canImportContent = (user: Actor): boolean => canCreateContent(user);

/** An import's progress and its retry: its owner or an admin. */
export const canSeeImport = (user: Actor, item: Pick<ContentImport, 'ownerId'>): boolean =>
  ownsOrAdmin(user, { userId: item.ownerId });
