import type { Content } from '../../db/schema';
import { type Actor, canViewContent } from '../content/policy';

/**
 * Who may practise an item: mark it complete or favourite, time it, keep a journal on it, keep
 * their place in its audio or video. Pure: whoever may see the item (content/policy.ts
 * canViewContent, the one access rule); nobody else learns it exists (404).
 */
export const canPractise = (user: Actor, item: Pick<Content, 'userId'>, facts: { released: boolean }): boolean =>
  canViewContent(user, item, facts);
