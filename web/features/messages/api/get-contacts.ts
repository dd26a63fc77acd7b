import { queryOptions, useQuery } from '@tanstack/react-query';
import { RoomListAnswer, type ContactAnswer } from '@common/messages/schemas';
import { callAllPages } from '@web/api/client';
import { contactsKey } from './message-keys';

/**
 * GET app/room: who I may talk to. Members get the facilitators they may message,
 * facilitators the members subscribed to one of their direct-messaging tiers. Latest chat first,
 * then people without a chat by name.
 */
export async function getContacts(): Promise<ContactAnswer[]> {
  // the list is sorted here, so it is read whole: every page
  const contacts = await callAllPages('app/room', (body) => RoomListAnswer.parse(body).contacts);
  return contacts.sort(byLatestChat);
}

function byLatestChat(a: ContactAnswer, b: ContactAnswer): number {
  const at = a.lastMessage ? Date.parse(a.lastMessage.postedDate) : -Infinity;
  const bt = b.lastMessage ? Date.parse(b.lastMessage.postedDate) : -Infinity;
  if (at !== bt) return bt > at ? 1 : -1;
  return a.user.name.localeCompare(b.user.name);
}

export const contactsQueryOptions = () => queryOptions({ queryKey: contactsKey, queryFn: getContacts });

export const useContacts = () => useQuery(contactsQueryOptions());
