import type { AdminFacilitatorAnswer, AdminUserAnswer } from '../../../common/admin/schemas';
import type { User } from '../../db/schema';

/** The fields both account forms show. */
const accountFields = (u: User) => ({
  _id: u.id,
  name: u.name,
  username: u.username,
  email: u.email,
  bio: u.bio,
  profilePicture: u.profilePicture,
  emailConfirmed: u.emailConfirmed,
  twoFactorEnabled: u.twoFactorEnabled,
});

export const presentAdminUser = (u: User): AdminUserAnswer => ({
  ...accountFields(u),
  isAdmin: u.isAdmin,
  isFacilitator: u.isFacilitator,
});

export const presentAdminFacilitator = (u: User): AdminFacilitatorAnswer => ({
  ...accountFields(u),
  facilitatorCategory: u.facilitatorCategory,
});
