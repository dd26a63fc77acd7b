import { type Actor, canUseApp } from '../auth/policy';

/**
 * Who may do what with calendar feeds, each rule once. Deny by default.
 */

/** Every signed-in account turns its own feed on, gets a new address or turns it off; nobody else's. */
export const canManageCalendarFeed = (actor: Actor): actor is NonNullable<Actor> => canUseApp(actor);

/**
 * The public feed has no session: its address is the permission. A token that opens no feed
 * (never made, replaced, turned off) is refused like an address that does not exist.
 */
export const canReadCalendarFeed = <Feed>(feed: Feed | undefined): feed is Feed => feed !== undefined;
