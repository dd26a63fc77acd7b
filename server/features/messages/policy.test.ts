import { describe, expect, it } from 'vitest';
import { canMessage, canReadRoom, canSendMessage } from './policy';

/**
 * Who may do what with direct messages: roles down, actions across.
 * The room is Sam's and Maya's; Sam subscribes to Maya's direct-messaging tier unless said otherwise.
 */
const SAM = 'sam';
const MAYA = 'maya';
const room = { participants: [SAM, MAYA] };
const roles = {
  visitor: { actor: null, other: MAYA, shares: false },
  'member without a subscription': { actor: { id: 'lee' }, other: MAYA, shares: false },
  'subscriber to a tier without messaging': { actor: { id: SAM }, other: MAYA, shares: false },
  'subscriber to a messaging tier': { actor: { id: SAM }, other: MAYA, shares: true },
  'facilitator of that tier': { actor: { id: MAYA }, other: SAM, shares: true },
  'other facilitator': { actor: { id: 'river' }, other: SAM, shares: false },
  admin: { actor: { id: 'admin' }, other: SAM, shares: false },
  'anyone, to themselves': { actor: { id: SAM }, other: SAM, shares: true },
} as const;

describe('direct messages: who may do what', () => {
  it('reads as the table', () => {
    const table = Object.fromEntries(
      Object.entries(roles).map(([role, { actor, other, shares }]) => {
        const facts = { sharesMessagingTier: shares };
        return [
          role,
          {
            message: canMessage(actor, { id: other }, facts),
            readRoom: canReadRoom(actor, room),
            send: canSendMessage(actor, room, { id: other }, facts),
          },
        ];
      }),
    );
    expect(table).toEqual({
      visitor: { message: false, readRoom: false, send: false },
      'member without a subscription': { message: false, readRoom: false, send: false },
      'subscriber to a tier without messaging': { message: false, readRoom: true, send: false },
      'subscriber to a messaging tier': { message: true, readRoom: true, send: true },
      'facilitator of that tier': { message: true, readRoom: true, send: true },
      'other facilitator': { message: false, readRoom: false, send: false },
      admin: { message: false, readRoom: false, send: false },
      'anyone, to themselves': { message: false, readRoom: true, send: false },
    });
  });
});
