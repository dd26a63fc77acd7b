/**
 * The payment provider's subscription statuses that keep a member's access: paying, in a free
 * trial, or past due while the provider retries the card (access ends at 'unpaid' or 'canceled',
 * when the retries run out). The server's entitlement rule and the pages that explain a plan's
 * state read this one list.
 */
export const ENTITLED_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

export const keepsAccess = (status: string) => ENTITLED_STATUSES.includes(status);
