import { describe, expect, it } from 'vitest';
import { isOwnerSetupToken, mayCreateOwner, ownerSetupToken } from './policy';

const SECRET = 'a-secret-a-secret-a-secret-a-secret-01';

describe('the owner setup token', () => {
  it('is derived from the app secret alone: the same on every instance and after a restart', () => {
    expect(ownerSetupToken(SECRET)).toBe(ownerSetupToken(SECRET));
    expect(ownerSetupToken(SECRET)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('differs between sites, so one site’s link opens nothing on another', () => {
    expect(ownerSetupToken('another-secret-another-secret-another-01')).not.toBe(ownerSetupToken(SECRET));
  });

  it('is recognised only when presented whole', () => {
    const token = ownerSetupToken(SECRET);
    expect(isOwnerSetupToken(SECRET, token)).toBe(true);
    expect(isOwnerSetupToken(SECRET, token.slice(0, -1))).toBe(false);
    expect(isOwnerSetupToken(SECRET, `${token}x`)).toBe(false);
    expect(isOwnerSetupToken(SECRET, token.toUpperCase())).toBe(false);
    expect(isOwnerSetupToken(SECRET, '')).toBe(false);
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
