import { safeRedirectPath } from '@common/auth/redirect';

/** Where a notification leads: its in-app link, or the notifications page when the link is not one. */
export const notificationTarget = (link: string) => safeRedirectPath(link) ?? '/notifications';
