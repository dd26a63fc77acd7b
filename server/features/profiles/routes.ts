import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PublicProfileAnswer } from '../../../common/profiles/schemas';
import { tiers, users, type User } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { presentTier } from '../tiers/presenter';

const IdParams = z.object({ id: z.string().uuid('Invalid id') });

export const presentPublicProfile = (u: User): PublicProfileAnswer => ({
  _id: u.id,
  name: u.name,
  username: u.username,
  bio: u.bio,
  facilitatorCategory: u.facilitatorCategory,
  profilePicture: u.profilePicture,
  isFacilitator: u.isFacilitator,
  dateJoined: u.createdAt.toISOString(),
});

/** spec 02 §7 Profile: GET app/facilitator/{id} and /{id}/tiers (published plans only). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const findFacilitator = async (id: string) => {
    const [user] = await db.select().from(users).where(and(eq(users.id, id), eq(users.isFacilitator, true))).limit(1);
    if (!user) throw notFound('Facilitator not found');
    return user;
  };

  app.get('/app/facilitator/:id', { schema: { params: IdParams } }, async (req) => {
    requireUser(req);
    return presentPublicProfile(await findFacilitator(req.params.id));
  });

  app.get('/app/facilitator/:id/tiers', { schema: { params: IdParams } }, async (req) => {
    const viewer = requireUser(req);
    const owner = await findFacilitator(req.params.id);
    const isOwner = viewer.id === owner.id || viewer.isAdmin;
    const rows = await db
      .select()
      .from(tiers)
      .where(isOwner ? eq(tiers.userId, owner.id) : and(eq(tiers.userId, owner.id), eq(tiers.published, true)))
      .orderBy(asc(tiers.createdAt));
    // the queue is the owner's business; others see the plan, not its contents
    return rows.map((t) => (isOwner ? presentTier(t) : { ...presentTier(t), contentQueue: [] }));
  });
};
