/** Who is asking: a signed-in account (its id is all these rules need), or null for a visitor. */
type Actor = { id: string } | null;

/**
 * Direct messages, the one rule: a member may message a facilitator while
 * holding an active subscription to one of that facilitator's tiers with allowDirectMessaging; the
 * facilitator may message those members. Nobody messages themselves, and admins get no exception.
 * `sharesMessagingTier` is loaded by queries.ts (messagingLinkBetween), checked on every call, so
 * a lapsed subscription ends the conversation.
 */
export type MessagingFacts = { sharesMessagingTier: boolean };

export const canMessage = (actor: Actor, other: { id: string }, facts: MessagingFacts): boolean =>
  actor !== null && actor.id !== other.id && facts.sharesMessagingTier;

/** A room's messages are private to the two people in it (admins too are kept out). */
export const canReadRoom = (actor: Actor, room: { participants: readonly string[] }): boolean =>
  actor !== null && room.participants.includes(actor.id);

/** Sending: in a room of mine, to the other person in it, while we may still message each other. */
export const canSendMessage = (
  actor: Actor,
  room: { participants: readonly string[] },
  recipient: { id: string },
  facts: MessagingFacts,
): boolean =>
  canReadRoom(actor, room) && room.participants.includes(recipient.id) && canMessage(actor, recipient, facts);
