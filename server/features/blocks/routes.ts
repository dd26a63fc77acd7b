import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlockListAnswer, BlockStateAnswer } from '../../../common/blocks/schemas';
import { IdParams } from '../../../common/params';
import { authorize } from '../../platform/authorize';
import { unauthorized } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { canManageBlocks } from './policy';
import { presentBlocked } from './presenter';
import { blockState, blockUser, listBlocked, unblockUser } from './service';

/** Blocking: block and unblock a member, whether I block one, and everyone I block. */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/app/blocks', { schema: { response: { 200: BlockListAnswer } } }, async (req) => {
    const me = requireUser(req);
    authorize(canManageBlocks(me), () => unauthorized());
    return { blocked: (await listBlocked(ctx, me)).map(presentBlocked) };
  });

  app.get('/app/block/:id', { schema: { params: IdParams, response: { 200: BlockStateAnswer } } }, async (req) =>
    blockState(ctx, { me: requireUser(req), id: req.params.id }),
  );

  app.post('/app/block/:id', { schema: { params: IdParams, response: { 200: BlockStateAnswer } } }, async (req) =>
    blockUser(ctx, { me: requireUser(req), id: req.params.id }),
  );

  app.delete('/app/block/:id', { schema: { params: IdParams, response: { 200: BlockStateAnswer } } }, async (req) =>
    unblockUser(ctx, { me: requireUser(req), id: req.params.id }),
  );
};
