import type { MemberImport, User } from '../../db/schema';

type Actor = Pick<User, 'id' | 'isAdmin' | 'isFacilitator'>;

/** Facilitators (and admins) bring their members over from a file; members do not. */
export const canImportMembers = (user: Actor): boolean => user.isFacilitator || user.isAdmin;

/** An import is seen, previewed, run and reported on by the facilitator who uploaded it, or an admin. */
export const canUseImport = (user: Actor, imp: Pick<MemberImport, 'facilitatorId'>): boolean =>
  user.isAdmin || imp.facilitatorId === user.id;
