/** The screen's own words; the texts shared with the server are MESSAGE_TEXTS in common/messages/schemas.ts. */

export const CHAT_TEXTS = {
  title: 'Messages',
  chats: 'Chats',
  loadingChats: 'Loading chats…',
  loadingMessages: 'Loading messages…',
  chatsFailed: 'Your chats could not be loaded.',
  roomFailed: 'This chat could not be opened.',
  facilitatorNotAllowed:
    'You can message members while they subscribe to one of your tiers that allows direct messages.',
  explore: 'Explore facilitators',
  back: 'Back to chats',
  send: 'Send',
  placeholder: 'Write a message…',
  sending: 'Sending…',
  notSent: 'Not sent.',
  retry: 'Retry',
  discard: 'Discard',
  newMessage: 'New message',
  newMessages: (count: number) => `${count} new messages`,
  you: 'You',
  reconnecting: 'Reconnecting…',
  offline: 'You are offline. New messages will show when you are back online.',
  loadEarlier: 'Load earlier messages',
  earlierFailed: 'Earlier messages could not be loaded.',
} as const;
