import type { OwnProfileAnswer } from '@common/profiles/schemas';
import { renderPage } from '@web/testing/render-page';
import { SettingsPage } from '../settings-page';

export const USER_ID = '5a5a5a5a-1111-4222-8333-444455556666';

export function buildProfile(overrides: Partial<OwnProfileAnswer> = {}): OwnProfileAnswer {
  return {
    _id: USER_ID,
    name: 'Sam Rivers',
    username: 'sam',
    email: 'sam@tend.demo',
    pendingEmail: null,
    emailConfirmed: true,
    twoFactorEnabled: false,
    bio: 'Here to slow down.',
    facilitatorCategory: '',
    profilePicture: null,
    isFacilitator: false,
    dateJoined: '2024-03-05T10:00:00.000Z',
    streak: 3,
    hasPaymentDetails: false,
    authenticatorApp: false,
    payoutStatus: null,
    ...overrides,
  };
}

/** /settings inside a router and a fresh query client. */
export const renderSettings = () => renderPage(<SettingsPage />, { path: '/settings' });

export { routeFetch, sentTo } from '@web/testing/route-fetch';
