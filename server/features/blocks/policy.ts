import { type Actor, canUseApp } from '../auth/policy';

/**
 * Blocking. Any signed-in account may block any other account, facilitators and admins included;
 * nobody blocks themselves. A block is social only: it never decides who reads content, who is
 * billed or refunded, and it never hides anything from an admin's moderation screens.
 */
export const canBlock = (actor: Actor, target: { id: string }): boolean => canUseApp(actor) && actor.id !== target.id;

/** Unblocking and the Blocked people list: every signed-in account, for its own blocks only. */
export const canManageBlocks = (actor: Actor): actor is NonNullable<Actor> => canUseApp(actor);

/** What a block between two people says about messaging (loaded by queries.ts blockBetween). */
export type BlockFacts = { iBlock: boolean; blocksMe: boolean };

/**
 * Direct messages stop both ways while either blocks the other: the refusal a sender gets, or
 * null when there is no block. The blocked side is told only that they cannot reply.
 */
export const messagingBlock = (facts: BlockFacts): 'you_blocked_member' | 'messaging_blocked' | null =>
  facts.iBlock ? 'you_blocked_member' : facts.blocksMe ? 'messaging_blocked' : null;

/** The new-account brakes' settings (site settings). */
export type BrakeSettings = { newAccountDays: number };

/**
 * An account is new, and braked, for its first `newAccountDays` days (0 turns the brakes off);
 * admins never are.
 */
export const isBraked = (
  user: { isAdmin: boolean; createdAt: Date },
  settings: BrakeSettings,
  now: Date = new Date(),
): boolean =>
  !user.isAdmin &&
  settings.newAccountDays > 0 &&
  now.getTime() - user.createdAt.getTime() < settings.newAccountDays * 24 * 3_600_000;

/** A link or an image in a message: an address, a www. name or Markdown image syntax. */
const LINK = /(https?:\/\/|www\.|!\[[^\]]*\]\(|\b[a-z0-9-]+\.(com|net|org|io|co|ly|me|app|xyz|info|biz|ru|gg)\b)/i;
export const hasLink = (text: string) => LINK.test(text);

/**
 * A braked account may send a link or an image only to someone who has already written to it
 * (the room holds a message of theirs).
 */
export const mayLinkInMessage = (braked: boolean, facts: { theyWroteBefore: boolean }): boolean =>
  !braked || facts.theyWroteBefore;
