/** The profile's tabs, named in the URL as ?tab=. */
export type ProfileTab = 'plans' | 'feed' | 'groups' | 'sessions' | 'notifications';

export type ProfileViewer = { isOwn: boolean; isFacilitator: boolean };

/**
 * Plans: facilitators seen by others. Sessions: a facilitator's calendar, or a member's own booked
 * sessions (never another member's). Notifications: own profile only.
 */
export function profileTabs({ isOwn, isFacilitator }: ProfileViewer): ProfileTab[] {
  const tabs: ProfileTab[] = [];
  if (isFacilitator && !isOwn) tabs.push('plans');
  tabs.push('feed', 'groups');
  if (isFacilitator || isOwn) tabs.push('sessions');
  if (isOwn) tabs.push('notifications');
  return tabs;
}

/** The tab in the URL when it is one of these; else Sessions after a session checkout; else the first. */
export function selectedTab(tabs: ProfileTab[], asked: string | null, fromSessionCheckout: boolean): ProfileTab {
  const named = tabs.find((tab) => tab === asked);
  if (named) return named;
  if (fromSessionCheckout && tabs.includes('sessions')) return 'sessions';
  return tabs[0]!;
}
