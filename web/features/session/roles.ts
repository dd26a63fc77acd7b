import type { WhoamiAnswer } from '@common/auth/schemas';

export type SignedInUser = WhoamiAnswer & { isLoggedIn: true };

export const isSignedIn = (whoami: WhoamiAnswer | undefined): whoami is SignedInUser => whoami?.isLoggedIn === true;

/** spec 01 §6: facilitators are users with isFacilitator true. */
export const isFacilitator = (user: SignedInUser) => user.isFacilitator === true;

/** spec 01 §6: administrators are users whose userType is admin. */
export const isAdmin = (user: SignedInUser) => user.userType === 'admin';

/** Where an unauthenticated visitor of `pathWithSearch` is sent (spec 01 §4: rd = redirect after). */
export const loginPathFor = (pathWithSearch: string) => `/login?rd=${encodeURIComponent(pathWithSearch)}`;
