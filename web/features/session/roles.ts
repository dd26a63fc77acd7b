import type { WhoamiAnswer } from '@common/auth/schemas';

export type SignedInUser = WhoamiAnswer & { isLoggedIn: true };

export const isSignedIn = (whoami: WhoamiAnswer | undefined): whoami is SignedInUser => whoami?.isLoggedIn === true;

/** Facilitators are users with isFacilitator true. */
export const isFacilitator = (user: SignedInUser) => user.isFacilitator === true;

/** Administrators are users whose userType is admin. */
export const isAdmin = (user: SignedInUser) => user.userType === 'admin';

/** Where an unauthenticated visitor of `pathWithSearch` is sent (rd = redirect after). */
export const loginPathFor = (pathWithSearch: string) => `/login?rd=${encodeURIComponent(pathWithSearch)}`;
