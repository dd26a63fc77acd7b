// The messages texts shown to people, apart from the schemas so the error catalogue
// (common/errors.ts) and the web's forms load them without zod.

export const MESSAGE_TEXTS = {
  noMessages: 'No messages yet.',
  selectChat: 'Select chat',
  noSubscribers: 'There are no users subscribed to your direct messaging tier just yet.',
  notAllowed: 'You can message a facilitator while you subscribe to one of their tiers that allows direct messages.',
} as const;
