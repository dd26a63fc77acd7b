import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContactsQuery,
  MessageAnswer,
  MessageListAnswer,
  MessagesQuery,
  OpenRoomAnswer,
  OpenRoomRequest,
  ReadRoomAnswer,
  RoomListAnswer,
  RoomParams,
  SendMessageRequest,
  UnreadMessagesAnswer,
} from '../../../common/messages/schemas';
import { authorize, hidden } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { canMessage, canReadRoom, canSendMessage } from './policy';
import { presentMessage, presentRoom } from './presenter';
import {
  chatUserById,
  listContacts,
  messagesPage,
  messagingFacts,
  openRoom,
  participantsOf,
  renderMessageSignal,
  roomBlock,
  sendMessage,
  unreadMessages,
} from './service';
import { markRoomRead } from './unread';
import { assertNotBlocked, brakeMessaging } from '../blocks/service';
import { NEXT_CURSOR_HEADER } from '../../../common/params';

const notAllowed = () => forbidden('messaging_not_allowed');

/** Messaging: rooms and messages; new messages also go out over the live connection. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  ctx.live.render('message', renderMessageSignal(ctx));

  app.get(
    '/app/room',
    { schema: { querystring: ContactsQuery, response: { 200: RoomListAnswer } } },
    async (req, reply) => {
      const page = await listContacts(ctx, requireUser(req).id, req.query);
      if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
      return { contacts: page.items };
    },
  );

  app.post(
    '/app/room',
    { schema: { body: OpenRoomRequest, response: { 200: OpenRoomAnswer } } },
    async (req, reply) => {
      const me = requireUser(req);
      const other = await chatUserById(ctx, req.body.ids[0]!);
      authorize(other !== undefined, hidden('chat_user_not_found'));
      const facts = await messagingFacts(ctx, me.id, other._id);
      authorize(canMessage(me, { id: other._id }, facts), notAllowed);
      const { room, latest, earlier } = await openRoom(ctx, { me, other });
      // the page of earlier messages: GET app/get-messages/{room}?cursor=
      if (earlier) reply.header(NEXT_CURSOR_HEADER, earlier);
      return presentRoom(room, latest, await roomBlock(ctx, me.id, other._id));
    },
  );

  app.get(
    '/app/get-messages/:room',
    { schema: { params: RoomParams, querystring: MessagesQuery, response: { 200: MessageListAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      // direct messages are private: only the two people in the room read them (admins too are kept out)
      const participants = await participantsOf(ctx, req.params.room);
      authorize(canReadRoom(user, { participants }), hidden('chat_not_found'));
      const page = await messagesPage(ctx, req.params.room, req.query);
      if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
      // a message hidden by moderation is shown to its sender only
      return page.items.filter((m) => !m.hiddenAt || m.userId === user.id).map(presentMessage);
    },
  );

  // the header's messages badge
  app.get('/app/unread-messages', { schema: { response: { 200: UnreadMessagesAnswer } } }, async (req) => ({
    unread: await unreadMessages(ctx, requireUser(req).id),
  }));

  /** Marks the room read up to its newest message (the open chat got more); answers the new total. */
  app.post(
    '/app/read-room/:room',
    { schema: { params: RoomParams, response: { 200: ReadRoomAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const participants = await participantsOf(ctx, req.params.room);
      authorize(canReadRoom(user, { participants }), hidden('chat_not_found'));
      await markRoomRead(ctx, { roomId: req.params.room, userId: user.id });
      return { unread: await unreadMessages(ctx, user.id) };
    },
  );

  app.post('/app/message', { schema: { body: SendMessageRequest, response: { 200: MessageAnswer } } }, async (req) => {
    const me = requireUser(req);
    const room = { participants: await participantsOf(ctx, req.body.room) };
    authorize(canReadRoom(me, room), hidden('chat_not_found'));
    authorize(room.participants.includes(req.body.user) && req.body.user !== me.id, () =>
      forbidden('recipient_not_in_chat'),
    );
    const recipient = { id: req.body.user };
    const facts = await messagingFacts(ctx, me.id, recipient.id);
    authorize(canSendMessage(me, room, recipient, facts), notAllowed);
    // a block stops messages both ways; a new account is braked (blocks/service.ts)
    await assertNotBlocked(ctx, me.id, recipient.id);
    await brakeMessaging(ctx, { user: me, roomId: req.body.room, recipientId: recipient.id, text: req.body.message });
    const message = await sendMessage(ctx, {
      me,
      recipientId: recipient.id,
      roomId: req.body.room,
      text: req.body.message,
      clientKey: req.body.clientKey,
    });
    return presentMessage(message);
  });
};
