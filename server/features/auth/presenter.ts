import type { User } from '../../db/schema';
import type { WhoamiAnswer } from '../../../common/auth/schemas';

/** userType is derived from the flags, so it can never disagree with them. */
export const userTypeOf = (u: Pick<User, 'isAdmin' | 'isFacilitator'>) =>
  u.isAdmin ? 'admin' : u.isFacilitator ? 'facilitator' : 'user';

export function presentMe(user: User): WhoamiAnswer {
  return {
    isLoggedIn: true,
    id: user.id,
    _id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    profilePicture: user.profilePicture,
    isFacilitator: user.isFacilitator,
    isAdmin: user.isAdmin,
    userType: userTypeOf(user),
    emailConfirmed: user.emailConfirmed,
    twoFactorEnabled: user.twoFactorEnabled,
    streak: user.streak,
  };
}

export const visitor: WhoamiAnswer = { isLoggedIn: false, streak: 1 };

/** Where a user lands after signing in: facilitators work from /dashboard, members from the home page. */
export const homePathOf = (user: Pick<User, 'isFacilitator'>) => (user.isFacilitator ? '/dashboard' : '/');
