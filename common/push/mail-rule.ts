import type { EmailFrequency } from '../notifications/types';

/** How long after a delivered push the same event's mail is held to be the same news again. */
export const PUSH_REPLACES_MAIL_WITHIN_MS = 60 * 60 * 1000;

/**
 * The rule that keeps one event from reaching a member by push and by mail within the same hour:
 * once a push service accepted the push of an event, the event's immediate mail is skipped when it
 * would go out within the hour of that push, unless the member chose both: an email setting they
 * set themselves for the type (a row in email_preferences, not the default) and the push kind
 * (which was on, or the push would not have gone). For a default email setting, push replaces the
 * mail. A push that no push service accepted replaces nothing.
 */
export function mailGivesWayToPush(facts: {
  /** when a push service first accepted the event's push; null: none did */
  pushDeliveredAt: Date | null;
  /** the email setting the member set for the type, undefined when they never set one */
  chosenEmail: EmailFrequency | undefined;
  /** when the mail would go out */
  mailAt: Date;
}): boolean {
  if (!facts.pushDeliveredAt) return false;
  if (facts.mailAt.getTime() - facts.pushDeliveredAt.getTime() >= PUSH_REPLACES_MAIL_WITHIN_MS) return false;
  const choseEmail = facts.chosenEmail !== undefined && facts.chosenEmail !== 'off';
  return !choseEmail;
}
