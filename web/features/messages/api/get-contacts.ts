import { queryOptions, useQuery } from '@tanstack/react-query';
import { RoomListAnswer, type ContactAnswer } from '@common/messages/schemas';
import { api } from '@web/api/client';
import { contactsKey } from './message-keys';

/**
 * GET app/room (spec 02 §7): who I may talk to. Members get the facilitators they may message,
 * facilitators the members subscribed to one of their direct-messaging tiers. Latest chat first,
 * then people without a chat by name.
 */
export async function getContacts(): Promise<ContactAnswer[]> {
  const { contacts } = RoomListAnswer.parse(await api.call('app/room'));
  return [...contacts].sort(byLatestChat);
}

function byLatestChat(a: ContactAnswer, b: ContactAnswer): number {
  const at = a.lastMessage ? Date.parse(a.lastMessage.postedDate) : -Infinity;
  const bt = b.lastMessage ? Date.parse(b.lastMessage.postedDate) : -Infinity;
  if (at !== bt) return bt > at ? 1 : -1;
  return a.user.name.localeCompare(b.user.name);
}

export const contactsQueryOptions = () => queryOptions({ queryKey: contactsKey, queryFn: getContacts });

export const useContacts = () => useQuery(contactsQueryOptions());
