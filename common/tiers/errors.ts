import { ADMIN_MESSAGES } from '../admin/messages';
import type { ErrorCatalogue } from '../error-protocol';
import { TIER_MESSAGES } from './messages';

/** The error codes of tiers calls and the text shown for each (see common/errors.ts). */
export const TIERS_ERRORS = {
  tier_not_found: 'Tier not found',
  program_facilitators_only: 'Only facilitators can create programs',
  program_owner_only: 'Only the owner can change this',
  not_own_group: 'Choose one of your own groups.',
  not_own_series: 'Session credits can only be limited to your own series.',
  fixed_after_creation: TIER_MESSAGES.fixedAfterCreation,
  queue_lists_twice: 'The queue lists an item twice.',
  queue_outside_tier: 'The queue can only hold content of this tier.',
  queue_changed: 'This queue changed in another tab. It has been reloaded; please reorder again.',
  tier_has_subscribers: TIER_MESSAGES.hasSubscribersDetail,
  price_locked: ADMIN_MESSAGES.priceLocked,
  price_in_use: 'Members are on this price: it keeps its amount and cannot be removed. You can add another price.',
  prices_for_subscriptions: 'A one-off course has one price.',
  free_plan_one_price: 'A free plan has one price; every price of a paid plan is above $0.',
  grant_to_self: 'You cannot give complimentary access to yourself.',
  grant_until_past: 'Choose a date in the future, or give access for good.',
  grant_member_not_found: 'That member was not found.',
  grant_exists: 'This person already has complimentary access to this plan.',
  already_subscribed: 'This member already subscribes to this plan.',
  grant_not_found: 'That complimentary access was not found or was already revoked.',
} as const satisfies ErrorCatalogue;
