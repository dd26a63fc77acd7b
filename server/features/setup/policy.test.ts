import { describe, expect, it } from 'vitest';
import { isOwnerSetupToken, mayCreateOwner, ownerSetupToken } from './policy';

const SECRET = 'a-secret-a-secret-a-secret-a-secret-01';
const NONCE = 'nonce-one';

describe('the owner setup token', () => {
  it('is derived from the app secret and the stored nonce: the same on every instance and after a restart', () => {
    expect(ownerSetupToken(SECRET, NONCE)).toBe(ownerSetupToken(SECRET, NONCE));
    expect(ownerSetupToken(SECRET, NONCE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('differs between sites, so one site’s link opens nothing on another', () => {
    expect(ownerSetupToken('another-secret-another-secret-another-01', NONCE)).not.toBe(ownerSetupToken(SECRET, NONCE));
  });

  it('changes with the nonce, which the owner’s creation drops: an old link never opens setup again', () => {
    expect(isOwnerSetupToken(SECRET, 'nonce-two', ownerSetupToken(SECRET, NONCE))).toBe(false);
  });

  it('is recognised only when presented whole', () => {
    const token = ownerSetupToken(SECRET, NONCE);
    expect(isOwnerSetupToken(SECRET, NONCE, token)).toBe(true);
    expect(isOwnerSetupToken(SECRET, NONCE, token.slice(0, -1))).toBe(false);
    expect(isOwnerSetupToken(SECRET, NONCE, `${token}x`)).toBe(false);
    expect(isOwnerSetupToken(SECRET, NONCE, token.toUpperCase())).toBe(false);
    expect(isOwnerSetupToken(SECRET, NONCE, '')).toBe(false);
  });
});

describe('who may create the owner account', () => {
  it.each([
    [{ holdsToken: true, adminExists: false }, true],
    [{ holdsToken: true, adminExists: true }, false],
    [{ holdsToken: false, adminExists: false }, false],
    [{ holdsToken: false, adminExists: true }, false],
  ])('%o -> %s', (check, allowed) => {
    expect(mayCreateOwner(check)).toBe(allowed);
  });
});

describe('the setup rules as a table', () => {
  it('reads as a table: who holds what down, creating the owner across', () => {
    const table = {
      linkHolderOnFreshSite: mayCreateOwner({ holdsToken: true, adminExists: false }),
      linkHolderWithOwner: mayCreateOwner({ holdsToken: true, adminExists: true }),
      visitorOnFreshSite: mayCreateOwner({ holdsToken: false, adminExists: false }),
      visitorWithOwner: mayCreateOwner({ holdsToken: false, adminExists: true }),
    };
    expect(table).toEqual({
      linkHolderOnFreshSite: true,
      linkHolderWithOwner: false,
      visitorOnFreshSite: false,
      visitorWithOwner: false,
    });
  });
});
