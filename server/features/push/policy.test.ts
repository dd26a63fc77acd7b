import { describe, expect, it } from 'vitest';
import { canReadPushKey, canRemoveDevice, canReplaceSubscription, canSubscribeFrom, canUsePush } from './policy';

/** Who may do what with Web Push: roles down, actions across. */
const samsDevice = { id: 'device-1', userId: 'sam' };
const roles = {
  visitor: null,
  owner: { id: 'sam', isAdmin: false, emailConfirmed: true },
  'owner, address unconfirmed': { id: 'sam', isAdmin: false, emailConfirmed: false },
  'another member': { id: 'lee', isAdmin: false, emailConfirmed: true },
  admin: { id: 'admin', isAdmin: true, emailConfirmed: true },
};

describe('push: who may do what', () => {
  it('reads as the table', () => {
    const table = Object.fromEntries(
      Object.entries(roles).map(([role, actor]) => [
        role,
        {
          readKey: canReadPushKey(actor),
          turnOnAndChooseKinds: canUsePush(actor),
          removeSamsDevice: canRemoveDevice(actor, samsDevice),
        },
      ]),
    );
    expect(table).toEqual({
      visitor: { readKey: true, turnOnAndChooseKinds: false, removeSamsDevice: false },
      owner: { readKey: true, turnOnAndChooseKinds: true, removeSamsDevice: true },
      'owner, address unconfirmed': { readKey: true, turnOnAndChooseKinds: true, removeSamsDevice: true },
      'another member': { readKey: true, turnOnAndChooseKinds: true, removeSamsDevice: false },
      admin: { readKey: true, turnOnAndChooseKinds: true, removeSamsDevice: false },
    });
  });

  it('refuses to remove a device that does not exist', () => {
    expect(canRemoveDevice(roles.owner, undefined)).toBe(false);
  });
});

describe('a device belongs to a sign-in session', () => {
  it('is made only from a live session', () => {
    expect(canSubscribeFrom('session-1')).toBe(true);
    expect(canSubscribeFrom(null)).toBe(false);
  });
});

describe("the service worker's resubscribe: the old endpoint is the permission", () => {
  it('allows an endpoint that names a device, and refuses one that names none', () => {
    expect(canReplaceSubscription({ id: 'device-1' })).toBe(true);
    expect(canReplaceSubscription(undefined)).toBe(false);
  });
});
