import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessagesQuery, OpenRoomRequest, SendMessageRequest } from '../../../common/messages/schemas';
import { notFound } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { contactsOf, openRoom, otherInRoom, renderMessageSignal, roomMessages, sendMessage } from './service';
import { markRoomRead, unreadCount } from './unread';

const RoomParams = z.object({ room: z.string().uuid('Invalid room') });

/** spec 02 §7 Messaging: rooms and messages; new messages also go out over the live connection. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  ctx.live.render('message', renderMessageSignal(ctx.db));

  app.get('/app/room', async (req) => ({ contacts: await contactsOf(ctx.db, requireUser(req)) }));

  app.post('/app/room', { schema: { body: OpenRoomRequest } }, async (req) =>
    openRoom(ctx, requireUser(req), req.body.ids[0]!),
  );

  app.get('/app/get-messages/:room', { schema: { params: RoomParams, querystring: MessagesQuery } }, async (req) => {
    const user = requireUser(req);
    // direct messages are private: only the two people in the room read them (admins too are kept out)
    if (!(await otherInRoom(ctx.db, req.params.room, user.id))) throw notFound('Chat not found');
    return roomMessages(ctx.db, req.params.room, req.query.after);
  });

  // the header's messages badge (issue 15 §14)
  app.get('/app/unread-messages', async (req) => ({ unread: await unreadCount(ctx.db, requireUser(req).id) }));

  /** Marks the room read up to its newest message (the open chat got more); answers the new total. */
  app.post('/app/read-room/:room', { schema: { params: RoomParams } }, async (req) => {
    const user = requireUser(req);
    if (!(await otherInRoom(ctx.db, req.params.room, user.id))) throw notFound('Chat not found');
    await markRoomRead(ctx.db, req.params.room, user.id);
    return { unread: await unreadCount(ctx.db, user.id) };
  });

  app.post('/app/message', { schema: { body: SendMessageRequest } }, async (req) =>
    sendMessage(ctx, requireUser(req), req.body),
  );
};
