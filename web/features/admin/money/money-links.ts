// Where the admin money screens live, and the links other admin screens show to them (kept apart
// from the pages, so linking to a screen does not load it).

export const USER_MONEY_LINK = 'Subscriptions and Payments';
export const VIEW_SUBSCRIBERS = 'View Subscribers';

export const userMoneyPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/money`;
export const subscribersPath = (facilitatorId: string) =>
  `/admin/facilitators/${encodeURIComponent(facilitatorId)}/subscribers`;

/**
 * The way forward from a delete refused because the facilitator still has paying subscribers
 * (server code 'has_paying_subscribers'): their subscribers, where each can be cancelled.
 */
export const payingSubscribersWayForward = (accountId: string, code: string) =>
  code === 'has_paying_subscribers' ? { to: subscribersPath(accountId), label: VIEW_SUBSCRIBERS } : undefined;
