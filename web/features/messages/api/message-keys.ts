/** Query keys of the messages screen: the contact list and, per person, the room opened with them. */
export const messagesKey = ['messages'] as const;
export const contactsKey = [...messagesKey, 'contacts'] as const;
export const roomKey = (userId: string) => [...messagesKey, 'room', userId] as const;
/** How many direct messages wait for me (the header's messages badge). */
export const unreadMessagesKey = [...messagesKey, 'unread'] as const;
